// Brute-force brake for staff sign-in, counted in the database so every app instance sees the same failures.
// Checking the count and reserving a slot happen in one short transaction under per-key advisory locks, so 40
// guesses sent at once still get exactly MAX evaluations; a throttled request records nothing, so waiting out the
// window always ends a lockout.
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username, and per address (an office shares one), within the window. */
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
export const THROTTLED_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/** Password guesses and second-factor codes are counted apart, so one cannot be used to lock out the other. */
export type AttemptKind = "password" | "mfa";

const keyName = (kind: AttemptKind, username: string) =>
  (kind === "password" ? username : `mfa:${username}`).slice(0, 100);

/**
 * Reserves one evaluation for (username, ip): answers the attempt row's id, to be flipped to success when the
 * check passes, or null when the username or the address is over its limit. The row is a presumed failure, so a
 * crash between the reservation and the verdict still counts against the guesser.
 */
export async function reserveAttempt(
  db: Db,
  username: string,
  ip: string,
  kind: AttemptKind = "password",
): Promise<number | null> {
  const name = keyName(kind, username);
  const address = ip.slice(0, 64);
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  return db.transaction(async (tx) => {
    // Always username first, then address: two requests never wait on each other in opposite orders.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-user:${name}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-ip:${address}`}, 0))`);
    const failures = async (
      column: typeof loginAttempts.username | typeof loginAttempts.ip,
      value: string,
    ) => {
      const [row] = await tx
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(column, value), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
      return row?.n ?? 0;
    };
    if ((await failures(loginAttempts.username, name)) >= MAX_FAILURES_PER_USERNAME) return null;
    if ((await failures(loginAttempts.ip, address)) >= MAX_FAILURES_PER_IP) return null;
    const [row] = await tx
      .insert(loginAttempts)
      .values({ username: name, ip: address, success: false })
      .returning({ id: loginAttempts.id });
    return row?.id ?? null;
  });
}

/** The reserved attempt passed: it no longer counts as a failure. */
export async function markAttemptSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
}

export async function purgeOldAttempts(db: Db): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - 24 * THROTTLE_WINDOW_MS)));
}
