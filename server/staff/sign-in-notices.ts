// Telling a staff member that strangers' wrong passwords paused their username (ADR 050): at most once an hour, by
// e-mail through the outbox in the transaction that records it, or, for an account without an e-mail address, by a
// notice kept until the dashboard shows it once.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { SignInNoticeRecord } from "../../shared/sign-in-notice";
import type { Db } from "../db/client";
import { adminUsers, signInThrottleNotices } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { MAX_FAILURES_PER_USERNAME, recentFailures, THROTTLE_WINDOW_MS } from "./login-throttle";
import { signInPausedEmail } from "./sign-in-emails";

export const NOTICE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * After a wrong password for an existing account: when its username is now over the strangers' limit and its
 * holder was not told within the hour, record that they are told and queue the e-mail (or keep the notice).
 * Answers whether they were told now.
 */
export async function noteFailedPassword(
  db: Db,
  account: { id: number; username: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The same lock the throttle takes for this username: two failures at once tell the holder once.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`login-user:${account.username}`}, 0))`,
    );
    const { failures, addresses } = await recentFailures(tx, account.username);
    if (failures < MAX_FAILURES_PER_USERNAME) return false;
    const [last] = await tx
      .select({ toldAt: signInThrottleNotices.toldAt })
      .from(signInThrottleNotices)
      .where(eq(signInThrottleNotices.adminUserId, account.id));
    const now = new Date();
    if (last && now.getTime() - last.toldAt.getTime() < NOTICE_INTERVAL_MS) return false;
    const [holder] = await tx
      .select({ email: adminUsers.email, role: adminUsers.role })
      .from(adminUsers)
      .where(eq(adminUsers.id, account.id));
    if (!holder) return false;
    const told = { toldAt: now, failures, addresses, unseen: !holder.email };
    await tx
      .insert(signInThrottleNotices)
      .values({ adminUserId: account.id, ...told })
      .onConflictDoUpdate({ target: signInThrottleNotices.adminUserId, set: told });
    if (holder.email) {
      const otherOwners = await tx
        .select({ username: adminUsers.username, email: adminUsers.email })
        .from(adminUsers)
        .where(
          and(eq(adminUsers.role, "owner"), isNull(adminUsers.disabledAt), ne(adminUsers.id, account.id)),
        )
        .orderBy(adminUsers.username);
      await enqueueEmails(tx, [
        signInPausedEmail({
          to: holder.email,
          username: account.username,
          failures,
          addresses,
          windowMinutes: THROTTLE_WINDOW_MS / 60_000,
          at: now,
          owner: holder.role === "owner",
          otherOwners,
        }),
      ]);
    }
    return true;
  });
}

/** The notice waiting for this account, marked shown as it is read: the dashboard shows it once. */
export async function takeSignInNotice(db: Db, adminUserId: number): Promise<SignInNoticeRecord | null> {
  const [row] = await db
    .update(signInThrottleNotices)
    .set({ unseen: false })
    .where(and(eq(signInThrottleNotices.adminUserId, adminUserId), eq(signInThrottleNotices.unseen, true)))
    .returning({
      at: signInThrottleNotices.toldAt,
      failures: signInThrottleNotices.failures,
      addresses: signInThrottleNotices.addresses,
    });
  return row ? { ...row, windowMinutes: THROTTLE_WINDOW_MS / 60_000 } : null;
}
