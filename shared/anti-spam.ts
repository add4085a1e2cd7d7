// Fields every public form sends besides its own: a honeypot that people never see (bots fill it) and the time the
// form was first shown. They mark a submission as spam; they never reject it, so a bot learns nothing.
import * as z from "zod/mini";

export const MIN_FILL_TIME_MS = 3000;

export const AntiSpamFields = {
  /** The honeypot: rendered off-screen and hidden from assistive technology; must stay empty. */
  website: z.optional(
    z.nullable(z.string().check(z.maxLength(500, "website must be at most 500 characters"))),
  ),
  /** Epoch milliseconds when the form was first shown. */
  formStartedAt: z.optional(z.nullable(z.number().check(z.int("formStartedAt must be an integer")))),
};

export function looksLikeSpam(
  fields: { website?: string | null; formStartedAt?: number | null },
  now = Date.now(),
) {
  if (fields.website && fields.website.trim() !== "") return true;
  if (typeof fields.formStartedAt === "number" && now - fields.formStartedAt < MIN_FILL_TIME_MS) return true;
  return false;
}
