// The contact, review and enrollment forms posted without script (server/platform/native-posts.ts): the posted strings are
// turned into the schema's values (shared/form-post.ts), checked with the JSON route's own schema and stored by its
// own write, once; the answer page says what the page's toast would have said (docs/product.md, Forms without script).
import type * as z from "zod/mini";
import { type CourseType, REPLY_WITHIN_HOURS } from "../../shared/constants";
import { type EnrollmentCreated, placeNoteText } from "../../shared/enrollment";
import { fieldsFor } from "../../shared/enrollment-fields";
import { NATIVE_FORMS, type PostedKind, postedValues } from "../../shared/form-post";
import { ENROLL_COURSES } from "../../shared/routes";
import { enrollmentContract } from "../enrollments/enrollment-routes";
import { answerWithRedirect, type FormAnswer, sendHtml } from "../platform/form-answers";
import { type Refill, refillPage } from "../platform/form-refill";
import {
  fieldErrors,
  type NativeFormRoute,
  type NativePost,
  nativeOnceKey,
} from "../platform/native-post-parts";
import { contactContract } from "./contact-routes";
import { reviewContract } from "./review-routes";
import { type PublicFormContract, publicFormBody, storeOnce, withoutSignals } from "./submissions";

type Target = { kind: "contact" } | { kind: "review" } | { kind: "enrollment"; course: CourseType };

interface NativeForm {
  contract: PublicFormContract<z.ZodMiniObject>;
  /** How each field's posted string is read. */
  kinds: Record<string, PostedKind>;
  /** The form's message when something is refused: the spec's words for missing fields, else a plain one. */
  alert: (missing: boolean, errorCount: number) => Refill["alert"];
  /** The message beside a required field left empty. */
  required: (name: string) => string | undefined;
  answer: (body: Record<string, unknown>) => FormAnswer;
  /** The schema's field name of a control whose name differs (the review's text is posted as "review"). */
  renamed?: Readonly<Record<string, string>>;
}

const CHECK_DETAILS = (count: number) =>
  `${count === 1 ? "One answer needs" : "Some answers need"} correcting: see the highlighted fields.`;

function contactForm(post: NativePost): NativeForm {
  const contract = contactContract(post.app) as unknown as PublicFormContract<z.ZodMiniObject>;
  return {
    contract,
    kinds: Object.fromEntries(Object.keys(contract.form.shape).map((name) => [name, "text" as const])),
    alert: (missing, count) =>
      missing
        ? { title: "Please fill in all required fields." }
        : { title: "Please check your message", description: CHECK_DETAILS(count) },
    required: () => undefined,
    answer: () => ({
      title: "Success",
      lines: ["Your message has been sent successfully! We'll get back to you soon."],
      link: { href: "/", text: "Back to the home page" },
    }),
  };
}

function reviewForm(post: NativePost): NativeForm {
  return {
    contract: reviewContract(post.app) as unknown as PublicFormContract<z.ZodMiniObject>,
    kinds: {
      name: "text",
      organization: "text",
      position: "text",
      rating: "number",
      text: "text",
      featureConsent: "checkbox",
    },
    renamed: { text: "review" },
    alert: (missing, count) =>
      missing
        ? { title: "Required fields missing", description: "Please fill in your name, review, and rating." }
        : { title: "Please check your review", description: CHECK_DETAILS(count) },
    required: () => undefined,
    // Without script the review is not put at the top of the list: the answer says what happens instead.
    answer: () => ({
      title: "Thank you for your review!",
      lines: ["Your feedback has been submitted. It will appear for other visitors once approved."],
      link: { href: "/#client-reviews", text: "Back to the reviews" },
    }),
  };
}

function enrollmentForm(post: NativePost, course: CourseType): NativeForm {
  const fields = fieldsFor(course);
  const kind = (field: (typeof fields)[number]): PostedKind =>
    field.kind === "checkbox" ? "checkbox" : field.kind === "hours" ? "number" : "text";
  return {
    contract: enrollmentContract(post.app, course) as unknown as PublicFormContract<z.ZodMiniObject>,
    kinds: {
      ...Object.fromEntries(fields.map((field) => [field.name, kind(field)])),
      intakeId: "number",
      // "Text me" (its box posts "on") and, where WhatsApp is offered, the channel's radio buttons.
      textMe: "checkbox",
      textChannel: "text",
    },
    alert: (missing, count) =>
      missing
        ? {
            title: "Required fields missing",
            description: "Please fill in all required fields marked with *",
          }
        : { title: "Please check your details", description: CHECK_DETAILS(count) },
    required: (name) => {
      const field = fields.find((candidate) => candidate.name === name);
      return field?.required ? `${field.label} is required` : undefined;
    },
    answer: (body) => {
      const created = body as Partial<EnrollmentCreated>;
      const lines = [
        created.message || `We will contact you within ${REPLY_WITHIN_HOURS} hours`,
        placeNoteText(created.place),
      ];
      return {
        title: "Enrollment Submitted Successfully!",
        lines,
        link: { href: "/my-training", text: "Follow your application on My training" },
        ...(created.phoneCheck
          ? { phoneForm: { action: `/enroll/${course}`, ...created.phoneCheck } }
          : created.textNote
            ? { lines: [...lines, created.textNote] }
            : {}),
      };
    },
  };
}

/** A required field of the schema: one that refuses to be absent. */
const isRequired = (schema: z.ZodMiniObject, name: string) =>
  !(schema.shape[name] as z.ZodMiniType | undefined)?.safeParse(undefined).success;

/** What the page shows again in each control: the text as typed, a box as it was. */
function keptValues(
  form: NativeForm,
  posted: Record<string, string | undefined>,
  values: Record<string, unknown>,
  control: (name: string) => string,
) {
  return Object.fromEntries(
    Object.entries(form.kinds).map(([name, kind]) => [
      control(name),
      kind === "checkbox" ? values[name] === true : (posted[name] ?? ""),
    ]),
  );
}

export async function nativeIntakePost(post: NativePost, target: Target) {
  const { app, request, reply, body } = post;
  const form =
    target.kind === "contact"
      ? contactForm(post)
      : target.kind === "review"
        ? reviewForm(post)
        : enrollmentForm(post, target.course);
  // Each schema field read from its control's name.
  const control = (name: string) => form.renamed?.[name] ?? name;
  const posted = Object.fromEntries(Object.keys(form.kinds).map((name) => [name, body[control(name)]]));
  const values = postedValues(posted, form.kinds);
  const schema = publicFormBody(form.contract.form);
  const checked = schema.safeParse({ ...values, website: body.website ?? null });
  if (!checked.success) {
    const errors = fieldErrors(checked.error);
    let missing = false;
    for (const name of Object.keys(errors)) {
      if (values[name] !== undefined || !isRequired(form.contract.form, name)) continue;
      missing = true;
      errors[name] = form.required(name) ?? errors[name] ?? "";
    }
    // In page order, so the first error is the first control to correct.
    const ordered = Object.fromEntries(
      Object.keys(form.kinds).flatMap((name) => (errors[name] ? [[control(name), errors[name]]] : [])),
    );
    const page = refillPage(post.page(), {
      form: target.kind,
      values: keptValues(form, posted, values, control),
      errors: ordered,
      alert: form.alert(missing, Object.keys(ordered).length),
    });
    if (page) return sendHtml(reply, 400, page);
    throw Object.assign(new Error("form not found on its page"), { statusCode: 400 });
  }
  const refused = form.contract.refuse?.(withoutSignals<Record<string, unknown>>(checked.data).fields);
  if (refused) {
    const page = refillPage(post.page(), {
      form: target.kind,
      values: keptValues(form, posted, values, control),
      errors: { [control(refused.field)]: refused.message },
      alert: form.alert(false, 1),
    });
    if (page) return sendHtml(reply, 400, page);
    throw Object.assign(new Error("form not found on its page"), { statusCode: 400 });
  }
  const once = nativeOnceKey(request, body, checked.data as Record<string, unknown>);
  const answer = await storeOnce(app, once, (tx) => {
    const { fields, spam } = withoutSignals<Record<string, unknown>>(checked.data);
    return form.contract.write(tx, fields, spam, request);
  });
  return answerWithRedirect(app, reply, form.answer(answer.body));
}

/** The intake's forms a page posts without script: contact and review on the home page, each enrollment form. */
export const intakeNativeForms: readonly NativeFormRoute[] = [
  { path: "/", form: NATIVE_FORMS.contact, answer: (post) => nativeIntakePost(post, { kind: "contact" }) },
  { path: "/", form: NATIVE_FORMS.review, answer: (post) => nativeIntakePost(post, { kind: "review" }) },
  ...ENROLL_COURSES.map(
    (course): NativeFormRoute => ({
      path: `/enroll/${course}`,
      form: NATIVE_FORMS.enrollment,
      answer: (post) => nativeIntakePost(post, { kind: "enrollment", course }),
    }),
  ),
];
