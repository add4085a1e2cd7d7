// The staff Spam view: submissions the honeypot caught, kept so a person caught by mistake can be restored.
export const SPAM_KINDS = ["contact", "review", "enrollment"] as const;
export type SpamKind = (typeof SPAM_KINDS)[number];

/** Caught submissions older than this are deleted for good. */
export const SPAM_RETENTION_DAYS = 30;

export const SPAM_KIND_LABELS: Record<SpamKind, string> = {
  contact: "Contact message",
  review: "Review",
  enrollment: "Enrollment",
};

export interface SpamItem {
  kind: SpamKind;
  id: number;
  name: string;
  email: string | null;
  /** A short extract of what was sent (message, review text or course). */
  summary: string;
  reason: string | null;
  createdAt: string;
}
