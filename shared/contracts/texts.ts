// The staff side of texts (issue 34): the list of texts beside the e-mail queue, the notice while the day's cap is
// reached, and the one-off text staff send one applicant from the places list. Bodies of sensitive texts (codes)
// never leave the server, and a number is only ever shown masked.
import * as z from "zod/mini";
import {
  ONE_OFF_EMPTY_MESSAGE,
  ONE_OFF_MAX_PARTS,
  ONE_OFF_NOT_GSM_MESSAGE,
  ONE_OFF_TOO_LONG_MESSAGE,
  oneOffSize,
} from "../one-off-text";
import { staffListContract } from "../paging";
import { gsmReplace, isGsm7 } from "../sms-text";
import { pageOf, timestamp } from "../wire";

export const TEXT_STATUSES = ["pending", "sent", "failed", "dropped"] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];
export const TEXT_FILTERS = ["all", ...TEXT_STATUSES] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

/** A queued text as staff see it: the number masked, a code's body blank. */
export const AdminTextSchema = z.object({
  id: z.number(),
  kind: z.string(),
  channel: z.enum(["sms", "whatsapp"]),
  /** "+679 70•••45". */
  to: z.string(),
  /** The applicant's name when the text is about an application. */
  name: z.nullable(z.string()),
  status: z.enum(TEXT_STATUSES),
  /** What the provider last reported ("delivered", "undelivered", ...). */
  deliveryStatus: z.nullable(z.string()),
  /** Blank for a sensitive text and for a WhatsApp template (its variables are not a body). */
  body: z.string(),
  segments: z.number(),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: timestamp,
  notBefore: timestamp,
  sentAt: z.nullable(timestamp),
});
export type AdminText = z.input<typeof AdminTextSchema>;
export const AdminTextPageSchema = pageOf(AdminTextSchema);
/** GET /api/admin/texts: newest first, every status by default. */
export const textList = staffListContract("/api/admin/texts", AdminTextPageSchema, {
  status: z._default(z.enum(TEXT_FILTERS), "all"),
});

/** GET /api/admin/texts/cap: whether today's (Fiji) segment cap was reached, and how many texts wait for tomorrow. */
export const TEXT_CAP_PATH = "/api/admin/texts/cap";
export const TextCapSchema = z.object({ reached: z.boolean(), cap: z.number(), waiting: z.number() });
export type TextCap = z.output<typeof TextCapSchema>;

/** POST /api/admin/places/:id/text */
export const OneOffTextSchema = z.object({
  message: z.string().check(
    z.maxLength(1000, ONE_OFF_TOO_LONG_MESSAGE),
    z.refine((message) => message.trim() !== "", ONE_OFF_EMPTY_MESSAGE),
    z.refine((message) => isGsm7(gsmReplace(message)), ONE_OFF_NOT_GSM_MESSAGE),
    z.refine((message) => oneOffSize(message).segments <= ONE_OFF_MAX_PARTS, ONE_OFF_TOO_LONG_MESSAGE),
  ),
});
/** When the text will go: at once in the day, at 08:00 Fiji time when written at night. */
export const OneOffTextQueuedSchema = z.object({ sendsAt: timestamp, waitsForMorning: z.boolean() });
export type OneOffTextQueued = z.input<typeof OneOffTextQueuedSchema>;
