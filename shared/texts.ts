// Text messages to applicants (issue 34, ADR 065): the consent wording the enrollment forms and /my-training show,
// its version (stored with every choice), and the contracts of the number's confirmation code, the consent change,
// the texts options and the opt-out page. The wording names the company from its current details, so it follows a
// rename; the version changes only when the promise itself changes.
import * as z from "zod/mini";
import { COMPANY } from "./company";

/** Bump when what the consent promises changes; every stored choice keeps the version its person saw. */
export const TEXT_CONSENT_VERSION = "2026-11-28";
export const TEXT_CONSENT_LABEL = "Text me about my application";
export const TEXT_CHANNELS = ["sms", "whatsapp"] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/** The sentence under the box: who texts, about what, how often, and how to stop. */
export function textConsentWording(companyName = COMPANY.name): string {
  return `${companyName} will text the number above about this application only: your held seat, offers and their pay deadline, payment and place confirmation, the course reminder, balance reminders and your certificate. At most 3 texts a day, between 8 am and 8 pm Fiji time. We first text you a code to check the number is yours. Every text ends with a link to stop them, and you can change this at My training.`;
}
/** What the form says when WhatsApp is not offered (not configured): the choice falls back to SMS. */
export const WHATSAPP_FALLBACK_NOTE = "We can send these by SMS only for now.";
export const PRIVACY_NOTE_HREF = "/#privacy";

/** The fields an enrollment adds for texts: not in the field catalogue, so a saved draft never holds them. */
export const textChoiceFields = {
  textMe: z.optional(z.boolean()),
  textChannel: z.optional(z.enum(TEXT_CHANNELS)),
};

/** GET /api/texts/options: whether WhatsApp is offered beside SMS (a sender and every kind's template set). */
export const TextOptionsSchema = z.object({ whatsapp: z.boolean() });
export type TextOptions = z.output<typeof TextOptionsSchema>;

/** Six digits, as texted. */
export const TextCodeSchema = z.string().check(z.regex(/^\d{6}$/, "Enter the 6-digit code from the text."));
export const TEXT_CODE_WRONG_MESSAGE = "That code is not right. Check the text and try again.";
export const TEXT_CODE_EXPIRED_MESSAGE = "That code has expired or was tried too often. Send a new code.";
export const TEXT_NUMBER_STOPPED_MESSAGE =
  "This number asked us to stop texting it. Open the link in one of our texts to start them again.";

/**
 * What an application's 201 says of texts when "Text me" was ticked: the code went to `number` (masked), and
 * `token` lets this page (or the page after a post without script) send the code back, and ask for a new one.
 */
export const PhoneCheckSchema = z.object({
  token: z.string(),
  /** The number with its middle hidden ("+679 70•••45"). */
  number: z.string(),
});
export type PhoneCheck = z.output<typeof PhoneCheckSchema>;

/** POST /api/texts/confirm-number: the code, with the 201's token (or, at /my-training, the signed-in application). */
export const ConfirmNumberSchema = z.object({
  token: z.optional(z.string().check(z.maxLength(300))),
  enrollmentId: z.optional(z.number()),
  code: TextCodeSchema,
});
/** POST /api/texts/resend-code: the same token (or the signed-in application). */
export const ResendCodeSchema = z.object({
  token: z.optional(z.string().check(z.maxLength(300))),
  enrollmentId: z.optional(z.number()),
});

/** An application's texts as /my-training shows them and changes them. */
export const ApplicationTextsSchema = z.object({
  wanted: z.boolean(),
  channel: z.enum(TEXT_CHANNELS),
  /** The number as typed. */
  typed: z.string(),
  /** False when the typed number is not a mobile we can text. */
  textable: z.boolean(),
  confirmed: z.boolean(),
  /** The number asked for no more texts (by the link or a STOP reply). */
  stopped: z.boolean(),
  /** The mobile number in E.164 with its middle hidden (maskNumber), or null when the typed one is not a mobile. */
  number: z.nullable(z.string()),
  /** Why the number cannot be texted, in a sentence for the person; null when it can. */
  problem: z.nullable(z.string()),
});
export type ApplicationTexts = z.output<typeof ApplicationTextsSchema>;

/** PUT /api/training/applications/:id/texts */
export const ChangeTextsSchema = z.object({
  textMe: z.boolean(),
  textChannel: z.optional(z.enum(TEXT_CHANNELS)),
});

/**
 * The answer of PUT .../texts, .../texts/confirm and .../texts/resend at /my-training: the application's texts now,
 * the masked number a code was just texted to (null when none went), and a sentence saying what happened.
 */
export const TextsChangedSchema = z.object({
  texts: ApplicationTextsSchema,
  codeSentTo: z.nullable(z.string()),
  message: z.string(),
});
export type TextsChanged = z.output<typeof TextsChangedSchema>;

/** POST /api/training/applications/:id/texts/confirm: the code texted to the application's number. */
export const MyTextCodeSchema = z.object({ code: TextCodeSchema });

/** GET /api/texts/stop?token= and POST /api/texts/stop (and /start): the opt-out page behind a text's link. */
export const StopTokenSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(300)) });
export const StopStateSchema = z.object({
  /** Masked, as on the 201. */
  number: z.string(),
  stopped: z.boolean(),
});
export type StopState = z.output<typeof StopStateSchema>;

/** "+6797012345" -> "+679 70•••45": enough for a person to know it, not enough to copy. */
export function maskNumber(e164: string): string {
  const cc = e164.startsWith("+679") ? "+679" : e164.slice(0, 3);
  const rest = e164.slice(cc.length);
  return `${cc} ${rest.slice(0, 2)}•••${rest.slice(-2)}`;
}
