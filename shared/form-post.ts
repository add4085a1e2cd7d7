// A public form posted by the browser itself (no script: application/x-www-form-urlencoded to its own page) carries
// only strings. These helpers turn its fields into the values the form's shared schema checks, as the page's script
// would have sent them, so the post and the JSON call are validated by the very same schema (docs/product.md,
// Forms without script).

/** The hidden field that names the form a post came from (the landing page has two forms). */
export const FORM_NAME_FIELD = "form";
/** The hidden field a page's script may fill with a random idempotency key; empty without script. */
export const FORM_KEY_FIELD = "idempotencyKey";

/** The forms that work without script, by the value of their FORM_NAME_FIELD. */
export const NATIVE_FORMS = {
  contact: "contact",
  review: "review",
  enrollment: "enrollment",
  signIn: "sign-in",
  signInCode: "sign-in-code",
  /** The number's code after an application with "Text me" ticked (posted to the enrollment page). */
  phoneCode: "phone-code",
} as const;
export type NativeForm = (typeof NATIVE_FORMS)[keyof typeof NATIVE_FORMS];

/** How a posted string becomes the schema's value. */
export type PostedKind = "text" | "number" | "checkbox";

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The values of the listed fields, as the schema reads them: a ticked box ("on") is true and an absent one false,
 * a number's text is a number (text that is not one stays text, for the schema to refuse with its own message),
 * and an empty text is left out (an optional field is then absent; a required one is reported missing).
 */
export function postedValues(
  body: Readonly<Record<string, string | undefined>>,
  kinds: Readonly<Record<string, PostedKind>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const raw = body[name];
    if (kind === "checkbox") {
      values[name] = raw !== undefined && raw !== "" && raw !== "false";
      continue;
    }
    const text = raw?.trim() ?? "";
    if (text === "") continue;
    values[name] = kind === "number" && NUMBER.test(text) ? Number(text) : raw;
  }
  return values;
}
