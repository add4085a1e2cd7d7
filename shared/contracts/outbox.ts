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
