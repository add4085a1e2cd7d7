// The staff view of the e-mail queue: GET /api/admin/outbox and POST /api/admin/outbox/:id/resend.
import * as z from "zod/mini";
import { staffListContract } from "../paging";
import { pageOf, timestamp } from "../wire";

export const OUTBOX_STATUSES = ["failed", "pending", "sent"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A queued e-mail as staff see it: never its body, and a sign-in e-mail's subject masked. */
export const AdminEmailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  sensitive: z.boolean(),
  createdAt: timestamp,
  sentAt: z.nullable(timestamp),
  nextAttemptAt: timestamp,
});
export type AdminEmail = z.input<typeof AdminEmailSchema>;
export const AdminEmailPageSchema = pageOf(AdminEmailSchema);
/** GET /api/admin/outbox: the failed ones by default. */
export const outboxList = staffListContract("/api/admin/outbox", AdminEmailPageSchema, {
  status: z._default(z.enum(OUTBOX_STATUSES), "failed"),
});

/** A failed e-mail put back in the queue. */
export const EmailRequeuedSchema = z.object({ id: z.number(), status: z.literal("pending") });

/** Staff preview each e-mail template with the sample data (never a real person's), as readers receive it. */
export const EMAIL_PREVIEWS_PATH = "/api/admin/email-previews";

/** One template in one of its cases. */
export const EmailPreviewItemSchema = z.object({
  id: z.string(),
  template: z.string(),
  variant: z.string(),
  subject: z.string(),
  /** Carries a sign-in code or link: the sample's are made up. */
  sensitive: z.boolean(),
});
export type EmailPreviewItem = z.infer<typeof EmailPreviewItemSchema>;
export const EmailPreviewListSchema = z.object({ items: z.array(EmailPreviewItemSchema) });

/** GET /api/admin/email-previews/:id: the e-mail as it would be sent now (both parts, headers, files). */
export const EmailPreviewSchema = z.object({
  ...EmailPreviewItemSchema.shape,
  from: z.string(),
  to: z.string(),
  replyTo: z.string(),
  /** Only the monthly digest carries one. */
  listUnsubscribe: z.nullable(z.string()),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  text: z.string(),
  html: z.string(),
});
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;
export const EmailPreviewParamsSchema = z.object({ id: z.string().check(z.maxLength(200)) });
