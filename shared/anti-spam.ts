// Fields every public form sends besides its own: a honeypot that people never see (bots fill it) and how long the
// person has spent on the form, measured by the page itself. They mark a submission; they never reject it, so a bot
// learns nothing.
import * as z from "zod/mini";

export const MIN_FILL_TIME_MS = 3000;

export const AntiSpamFields = {
  /** The honeypot: rendered off-screen and hidden from assistive technology; must stay empty. */
  website: z.optional(
    z.nullable(z.string().check(z.maxLength(500, "website must be at most 500 characters"))),
  ),
  /**
   * Milliseconds the page has been open with this form, counted by the page (never the browser's clock against the
   * server's, which can be hours apart); a draft restored or a submission sent again keeps the time already spent.
   */
  formElapsedMs: z.optional(
    z.nullable(
      z
        .number()
        .check(z.int("formElapsedMs must be an integer"), z.gte(0, "formElapsedMs must be 0 or more")),
    ),
  ),
  /** Sent by pages built before formElapsedMs; accepted and ignored, so a cached page still submits. */
  formStartedAt: z.optional(z.nullable(z.number())),
};

export type SpamSignal = "honeypot" | "too fast";

/** What looks automated about a submission, if anything. */
export function spamSignal(fields: {
  website?: string | null;
  formElapsedMs?: number | null;
}): SpamSignal | null {
  if (fields.website && fields.website.trim() !== "") return "honeypot";
  if (typeof fields.formElapsedMs === "number" && fields.formElapsedMs < MIN_FILL_TIME_MS) return "too fast";
  return null;
}

/**
 * Only the honeypot keeps a submission out of the staff lists: a browser that autofills a form can send it in under
 * 3 seconds, and a real applicant must still reach staff (and get their confirmation). "Too fast" alone is logged.
 */
export function looksLikeSpam(fields: { website?: string | null; formElapsedMs?: number | null }): boolean {
  return spamSignal(fields) === "honeypot";
}
