// Staff accounts (issue 16): owners invite people by e-mail, give them a role, and disable them when they leave.
// The server validates with these schemas; the dashboard's "Staff accounts" view and the /admin/invite page type
// their calls with them.
import * as z from "zod/mini";
import { emailField } from "./fields";
import { timestamp } from "./wire";

/** owner: everything, including staff accounts, settings and refund decisions; staff: the day-to-day work. */
export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", staff: "Staff" };

/** How long an invitation link works. */
export const INVITE_VALID_HOURS = 72;

const role = z.enum(STAFF_ROLES, { error: "The role must be owner or staff." });

/** POST /api/admin/staff/invites: who to invite and as what. */
export const InviteStaffSchema = z.object({ email: emailField("Email"), role });
export type InviteStaff = z.input<typeof InviteStaffSchema>;

/** PATCH /api/admin/staff/accounts/:id: a new role, or disabled / enabled. */
export const ChangeStaffAccountSchema = z.object({
  role: z.optional(role),
  disabled: z.optional(z.boolean()),
});

export const StaffAccountRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.nullable(z.string()),
  role,
  mfaEnabled: z.boolean(),
  createdAt: timestamp,
  /** The last successful sign-in, from the audit log; null if never. */
  lastSignInAt: z.nullable(timestamp),
  disabledAt: z.nullable(timestamp),
  /** The account making the request. */
  self: z.boolean(),
});
export type StaffAccountRow = z.input<typeof StaffAccountRowSchema>;

export const INVITE_STATES = ["pending", "expired", "used", "revoked"] as const;

export const StaffInviteRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  role,
  invitedBy: z.string(),
  createdAt: timestamp,
  expiresAt: timestamp,
  state: z.enum(INVITE_STATES),
});
export type StaffInviteRow = z.input<typeof StaffInviteRowSchema>;

/** GET /api/admin/staff: every account, and the invitations of the last 30 days (used ones say so). */
export const StaffOverviewSchema = z.object({
  accounts: z.array(StaffAccountRowSchema),
  invites: z.array(StaffInviteRowSchema),
});
export type StaffOverview = z.input<typeof StaffOverviewSchema>;

/** What the invitation page says when a link no longer works (410, or 404 for a link that never did). */
export const INVITE_MESSAGES = {
  unknown: "This invitation link is not valid. Please check the link, or ask for a new invitation.",
  expired: "This invitation has expired. Please ask an owner to send a new one.",
  used: "This invitation has already been used. Please sign in instead.",
  revoked: "This invitation was withdrawn. Please ask an owner if you still need access.",
} as const;

/** The invitation's token, as the page read it from the link (never from a query the server logs). */
export const InviteTokenSchema = z.object({
  token: z
    .string()
    .check(z.minLength(20, INVITE_MESSAGES.unknown), z.maxLength(100, INVITE_MESSAGES.unknown)),
});

/** POST /api/staff-invite: what the invitation page shows before anyone acts. */
export const InviteDetailsSchema = z.object({
  email: z.string(),
  role,
  invitedBy: z.string(),
  expiresAt: timestamp,
});
export type InviteDetails = z.input<typeof InviteDetailsSchema>;

/** POST /api/staff-invite/accept: the new account's username and password (the server checks the password rules). */
export const AcceptInviteSchema = z.object({
  ...InviteTokenSchema.shape,
  username: z.string().check(z.trim(), z.minLength(2, "Please choose a username."), z.maxLength(100)),
  password: z.string().check(z.minLength(1, "Please choose a password."), z.maxLength(200)),
});
export type AcceptInvite = z.input<typeof AcceptInviteSchema>;

/** The new account is signed in; `next: "setup"` when two-factor must be set up before the dashboard. */
export const InviteAcceptedSchema = z.object({
  username: z.string(),
  role,
  next: z.optional(z.literal("setup")),
});
export type InviteAccepted = z.input<typeof InviteAcceptedSchema>;

export const LAST_OWNER_MESSAGE =
  "You are the only owner. Make someone else an owner first, so the site always has one.";
