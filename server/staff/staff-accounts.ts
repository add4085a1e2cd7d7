// The owner's view of staff accounts (issue 16): who has an account, their role and state, and the changes owners
// make (role, disabled). The site always keeps one enabled owner: the last one cannot be demoted or disabled.
import { and, asc, desc, eq, isNull, max, sql } from "drizzle-orm";
import { LAST_OWNER_MESSAGE, type StaffRole } from "../../shared/staff-accounts";
import type { Db } from "../db/client";
import { adminUsers, auditLog, sessions, staffInvites } from "../db/schema";
import { httpError } from "../plugins/errors";
import { AccountError, findAdmin, normalizeUsername } from "./accounts";
import { type AuditEvent, auditedChange } from "./audit";

/** Every account, owners first, then by name; `selfId` marks the one asking. */
export async function listStaffAccounts(db: Db, selfId: number) {
  const lastLogins = db
    .select({ actor: auditLog.actor, at: max(auditLog.at).as("last_at") })
    .from(auditLog)
    .where(eq(auditLog.action, "login"))
    .groupBy(auditLog.actor)
    .as("last_logins");
  const rows = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      email: adminUsers.email,
      role: adminUsers.role,
      mfaEnabled: sql<boolean>`${adminUsers.totpEnabledAt} is not null`,
      createdAt: adminUsers.createdAt,
      lastSignInAt: lastLogins.at,
      disabledAt: adminUsers.disabledAt,
    })
    .from(adminUsers)
    .leftJoin(lastLogins, eq(lastLogins.actor, adminUsers.username))
    .orderBy(asc(adminUsers.role), asc(adminUsers.username));
  return rows.map((row) => ({ ...row, self: row.id === selfId }));
}

const INVITE_LIST_DAYS = 30;

/** Invitations of the last 30 days, newest first, with the state the page shows. */
export async function listStaffInvites(db: Db) {
  const rows = await db
    .select({
      id: staffInvites.id,
      email: staffInvites.email,
      role: staffInvites.role,
      invitedBy: staffInvites.invitedBy,
      createdAt: staffInvites.createdAt,
      expiresAt: staffInvites.expiresAt,
      usedAt: staffInvites.usedAt,
      revokedAt: staffInvites.revokedAt,
    })
    .from(staffInvites)
    .where(sql`${staffInvites.createdAt} > now() - make_interval(days => ${INVITE_LIST_DAYS})`)
    .orderBy(desc(staffInvites.createdAt), desc(staffInvites.id));
  return rows.map(({ usedAt, revokedAt, ...row }) => ({
    ...row,
    state: inviteState({ usedAt, revokedAt, ...row }),
  }));
}

export function inviteState(invite: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }) {
  if (invite.usedAt) return "used" as const;
  if (invite.revokedAt) return "revoked" as const;
  if (invite.expiresAt.getTime() <= Date.now()) return "expired" as const;
  return "pending" as const;
}

export interface AccountChange {
  role?: StaffRole;
  disabled?: boolean;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Changes one account's role or state in one audited transaction. The enabled owners are locked first, so two
 * owners demoting each other at the same moment cannot leave the site with none. Disabling ends the account's
 * sessions in the same transaction (its open dashboard loses access on its next call).
 */
export async function changeStaffAccount(
  db: Db,
  id: number,
  change: AccountChange,
  by: { actor: string; ip?: string },
): Promise<boolean> {
  const event: AuditEvent = { ...by, action: "staff.changed", subject: `staff account ${id}`, details: {} };
  return auditedChange(db, event, async (tx) => {
    const owners = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, "owner"), isNull(adminUsers.disabledAt)))
      .for("update");
    const [account] = await tx
      .select({
        username: adminUsers.username,
        role: adminUsers.role,
        disabledAt: adminUsers.disabledAt,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, id))
      .for("update");
    if (!account) throw httpError(404, "Staff account not found.");
    const role = change.role ?? account.role;
    const disabled = change.disabled ?? account.disabledAt !== null;
    const staysOwner = role === "owner" && !disabled;
    if (!staysOwner && owners.every((owner) => owner.id === id)) throw httpError(409, LAST_OWNER_MESSAGE);
    const details = whatChanged(account, role, disabled);
    if (Object.keys(details).length === 0) return false; // nothing to change, nothing to log
    Object.assign(event, { details: { username: account.username, ...details } });
    await applyChange(tx, id, role, disabled, account.disabledAt !== null);
    return true;
  });
}

function whatChanged(
  account: { role: StaffRole; disabledAt: Date | null },
  role: StaffRole,
  disabled: boolean,
): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (role !== account.role) details.role = { from: account.role, to: role };
  if (disabled !== (account.disabledAt !== null)) details.disabled = disabled;
  return details;
}

async function applyChange(tx: Tx, id: number, role: StaffRole, disabled: boolean, wasDisabled: boolean) {
  await tx
    .update(adminUsers)
    .set({ role, disabledAt: disabled ? (wasDisabled ? undefined : sql`now()`) : null })
    .where(eq(adminUsers.id, id));
  if (disabled) await tx.delete(sessions).where(eq(sessions.adminUserId, id));
}

/** Who the audit log names for a change made on the server's command line. */
export const COMMAND_LINE_ACTOR = "server command line";

/**
 * `npm run admin -- set-role USERNAME owner|staff`: the way back in for a lost owner (ADR 050), with the same rules
 * and audit row as an owner's change in the dashboard (the last enabled owner is never demoted). Answers whether the
 * role changed.
 */
export async function setRoleFromCommandLine(db: Db, username: string, role: StaffRole): Promise<boolean> {
  const account = await findAdmin(db, username);
  if (!account) throw new AccountError(`No staff account is named '${normalizeUsername(username)}'.`);
  try {
    return await changeStaffAccount(db, account.id, { role }, { actor: COMMAND_LINE_ACTOR });
  } catch (error) {
    // The dashboard's refusals (the last owner, an account gone meanwhile) are said plainly on the command line.
    if (error instanceof Error && "statusCode" in error) throw new AccountError(error.message);
    throw error;
  }
}
