// The staff Spam view: submissions the honeypot caught, kept so a person caught by mistake can be restored.
import * as z from "zod/mini";
import { staffListContract } from "./paging";
import { pageOf, timestamp } from "./wire";

export const SPAM_KINDS = ["contact", "review", "enrollment"] as const;
export type SpamKind = (typeof SPAM_KINDS)[number];

/** Caught submissions older than this are deleted for good. */
export const SPAM_RETENTION_DAYS = 30;

export const SPAM_KIND_LABELS: Record<SpamKind, string> = {
  contact: "Contact message",
  review: "Review",
  enrollment: "Enrollment",
};

export const SpamItemSchema = z.object({
  kind: z.enum(SPAM_KINDS),
  id: z.number(),
  name: z.string(),
  email: z.nullable(z.string()),
  /** A short extract of what was sent (message, review text or course). */
  summary: z.string(),
  reason: z.nullable(z.string()),
  createdAt: timestamp,
});
export type SpamItem = z.input<typeof SpamItemSchema>;
export const SpamPageSchema = pageOf(SpamItemSchema);
/** GET /api/admin/spam: every kind by default. */
export const spamList = staffListContract("/api/admin/spam", SpamPageSchema, {
  kind: z._default(z.enum([...SPAM_KINDS, "all"]), "all"),
});
