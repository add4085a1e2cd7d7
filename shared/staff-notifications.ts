// Where staff hear of new enquiries, applications, reviews awaiting approval and payment problems (ADR 044): the
// owner's setting, else the STAFF_EMAIL variable, else an owner account's own e-mail. While none of them gives an
// address nobody is told, and the dashboard says so.
import * as z from "zod/mini";
import { EMAIL_MAX } from "./fields";

export const STAFF_EMAIL_LABEL = "Staff notification e-mail";

const anEmail = z.email();

/** The setting: an e-mail address (stored lower-cased), or empty to fall back to the variable or an owner's. */
export const staffEmailSetting = z.string({ error: `${STAFF_EMAIL_LABEL} must be text` }).check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(EMAIL_MAX, `${STAFF_EMAIL_LABEL} must be at most ${EMAIL_MAX} characters`),
  z.refine(
    (value) => value === "" || anEmail.safeParse(value).success,
    `${STAFF_EMAIL_LABEL} must be a valid email address, or empty`,
  ),
);

/** Where the address in use comes from, in the order they are tried. */
export const STAFF_EMAIL_SOURCES = ["setting", "environment", "owner"] as const;
export type StaffEmailSource = (typeof STAFF_EMAIL_SOURCES)[number];

/** Where staff notifications go now; null while nobody would be told. Staff only: never on a public answer. */
export const StaffNotificationsSchema = z.nullable(
  z.object({ address: z.string(), source: z.enum(STAFF_EMAIL_SOURCES) }),
);
export type StaffNotifications = z.output<typeof StaffNotificationsSchema>;

/** The dashboard's warning while no address is in use. */
export const NOBODY_TOLD_WARNING =
  "Nobody is told of new enquiries and applications: set the staff notification e-mail in Settings.";
