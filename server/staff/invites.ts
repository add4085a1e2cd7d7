// Staff invitations (issue 16): an owner invites an e-mail address with a role; the link (a 256-bit token, stored
// only as its SHA-256) works for 72 hours and once. The e-mail goes through the outbox in the invitation's own
// transaction; accepting creates the account and marks the invitation used in one transaction.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  INVITE_MESSAGES,
  INVITE_VALID_HOURS,
  type InviteStaff,
  type StaffRole,
} from "../../shared/staff-accounts";
import type { Db } from "../db/client";
import { adminUsers, staffInvites } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { AccountError, checkUsername } from "./accounts";
import { audit, auditedChange } from "./audit";
import { inviteEmail } from "./invite-emails";
import { hashPassword, passwordProblem } from "./passwords";
import { inviteState } from "./staff-accounts";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const expiry = () => new Date(Date.now() + INVITE_VALID_HOURS * 60 * 60 * 1000);

interface Actor {
  actor: string;
  ip: string;
}

/** The link of the e-mail: the token rides in the fragment, which browsers never send to a server or in a Referer. */
export const inviteLink = (publicUrl: string, token: string) => `${publicUrl}/admin/invite#${token}`;

/** Creates an invitation (withdrawing any earlier open one for the same address) and queues its e-mail. */
export async function createInvite(
  db: Db,
  invite: InviteStaff,
  by: Actor,
  publicUrl: string,
): Promise<number> {
  const email = invite.email.toLowerCase();
  const token = newToken();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.email, email))
      .limit(1);
    if (existing) throw httpError(409, "A staff account with this e-mail already exists. Enable it instead.");
    await tx
      .update(staffInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(staffInvites.email, email), isNull(staffInvites.usedAt), isNull(staffInvites.revokedAt)));
    const expiresAt = expiry();
    const [row] = await tx
      .insert(staffInvites)
      .values({ email, role: invite.role, tokenHash: hashToken(token), invitedBy: by.actor, expiresAt })
      .returning({ id: staffInvites.id });
    if (!row) throw new Error("invite insert returned nothing");
    await enqueueEmails(tx, [
      inviteEmail({
        to: email,
        role: invite.role,
        invitedBy: by.actor,
        link: inviteLink(publicUrl, token),
        expiresAt,
      }),
    ]);
    await audit(tx, {
      ...by,
      action: "staff.invited",
      subject: `staff invite ${row.id}`,
      details: { email, role: invite.role },
    });
    return row.id;
  });
}

/** A new link (the old one stops working: only its hash was kept) valid 72 hours from now, e-mailed again. */
export async function resendInvite(db: Db, id: number, by: Actor, publicUrl: string): Promise<void> {
  const token = newToken();
  const event = { ...by, action: "staff.invite-resent", subject: `staff invite ${id}` };
  await auditedChange(db, event, async (tx) => {
    const invite = await openInvite(tx, id);
    const expiresAt = expiry();
    await tx
      .update(staffInvites)
      .set({ tokenHash: hashToken(token), expiresAt })
      .where(eq(staffInvites.id, id));
    await enqueueEmails(tx, [
      inviteEmail({
        to: invite.email,
        role: invite.role,
        invitedBy: by.actor,
        link: inviteLink(publicUrl, token),
        expiresAt,
      }),
    ]);
    return true;
  });
}

export async function revokeInvite(db: Db, id: number, by: Actor): Promise<void> {
  const event = { ...by, action: "staff.invite-revoked", subject: `staff invite ${id}` };
  await auditedChange(db, event, async (tx) => {
    await openInvite(tx, id);
    await tx.update(staffInvites).set({ revokedAt: sql`now()` }).where(eq(staffInvites.id, id));
    return true;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An invitation an owner may still resend or revoke: neither used nor revoked (an expired one can be resent). */
async function openInvite(tx: Tx, id: number) {
  const [invite] = await tx.select().from(staffInvites).where(eq(staffInvites.id, id)).for("update");
  if (!invite) throw httpError(404, "Invitation not found.");
  if (invite.usedAt) throw httpError(409, "This invitation has already been used.");
  if (invite.revokedAt) throw httpError(409, "This invitation was withdrawn. Send a new one instead.");
  return invite;
}

/** The invitation behind a token if it still works; otherwise a 404 (never was) or 410 (used, expired, revoked). */
export async function usableInvite(db: Pick<Db, "select">, token: string) {
  const [invite] = await db
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, hashToken(token)))
    .limit(1);
  if (!invite) throw httpError(404, INVITE_MESSAGES.unknown);
  const state = inviteState(invite);
  if (state !== "pending") throw httpError(410, INVITE_MESSAGES[state]);
  return invite;
}

export interface NewStaffAccount {
  id: number;
  username: string;
  role: StaffRole;
}

/**
 * Creates the invited account. The password is checked and hashed before the transaction (argon2 is slow); inside
 * it, the invitation is locked and checked again, so a link used twice at once makes one account.
 */
export async function acceptInvite(
  db: Db,
  body: { token: string; username: string; password: string },
  ip: string,
): Promise<NewStaffAccount> {
  await usableInvite(db, body.token);
  let username: string;
  try {
    username = checkUsername(body.username);
  } catch (error) {
    if (error instanceof AccountError) throw httpError(400, error.message);
    throw error;
  }
  const problem = passwordProblem(body.password, username);
  if (problem) throw httpError(400, problem);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.tokenHash, hashToken(body.token)))
      .for("update");
    if (!invite) throw httpError(404, INVITE_MESSAGES.unknown);
    const state = inviteState(invite);
    if (state !== "pending") throw httpError(410, INVITE_MESSAGES[state]);
    const [taken] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.username, username))
      .limit(1);
    if (taken) throw httpError(409, `The username '${username}' is taken. Please choose another.`);
    const [account] = await tx
      .insert(adminUsers)
      .values({ username, passwordHash, role: invite.role, email: invite.email })
      .returning({ id: adminUsers.id });
    if (!account) throw new Error("account insert returned nothing");
    await tx
      .update(staffInvites)
      .set({ usedAt: sql`now()`, adminUserId: account.id })
      .where(eq(staffInvites.id, invite.id));
    await audit(tx, {
      actor: username,
      action: "staff.invite-accepted",
      subject: `staff invite ${invite.id}`,
      details: { role: invite.role, invitedBy: invite.invitedBy },
      ip,
    });
    return { id: account.id, username, role: invite.role };
  });
}
