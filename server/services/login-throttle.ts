// Brute-force brake for staff sign-in, counted in the database so every app instance sees the same failures.
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username, and per address (an office shares one), within the window. */
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
export const THROTTLED_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export async function isThrottled(db: Db, username: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const failures = (column: typeof loginAttempts.username | typeof loginAttempts.ip, value: string) =>
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(column, value), eq(loginAttempts.success, false), gt(loginAttempts.at, since)))
      .then((rows) => rows[0]?.n ?? 0);
  const [byUser, byIp] = await Promise.all([
    failures(loginAttempts.username, username),
    failures(loginAttempts.ip, ip),
  ]);
  return byUser >= MAX_FAILURES_PER_USERNAME || byIp >= MAX_FAILURES_PER_IP;
}

export async function recordAttempt(db: Db, username: string, ip: string, success: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ username: username.slice(0, 100), ip: ip.slice(0, 64), success });
}

export async function purgeOldAttempts(db: Db): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - 24 * THROTTLE_WINDOW_MS)));
}
