// Brute-force brake for staff sign-in (ADR 050), counted in the database so every app instance sees the same
// failures. Checking the counts and reserving a slot happen in one short transaction under per-key advisory locks,
// so 40 guesses sent at once still get exactly the allowed evaluations; a throttled request records nothing, so
// waiting always ends a pause.
// - A stranger's browser: after MAX_FAILURES_PER_USERNAME failures for a username within the window, from any
//   addresses, that username pauses for strangers, 1 minute after the last failure, then 2, 4, 8… (at most the
//   window) after each further one; and an address is held after MAX_FAILURES_PER_IP failures across usernames.
// - A browser with the account's device cookie (device-cookie.ts) is counted only by its own device id, so
//   strangers cannot lock the holder out of their own browsers.
import { and, count, countDistinct, eq, gt, lt, max, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username from browsers that have not signed in to it before, within the window. */
export const MAX_FAILURES_PER_USERNAME = 10;
/** Second-factor codes are short: they keep the strict limit and the whole window's wait. */
export const MAX_CODE_FAILURES_PER_USERNAME = 5;
/** Failures allowed per address (an office shares one), within the window. */
export const MAX_FAILURES_PER_IP = 20;
/** Failures allowed per known browser within the window: a stolen device cookie cannot guess far. */
export const MAX_FAILURES_PER_DEVICE = 10;
/** The first pause once a username is over its limit; each further failure doubles it, up to the window. */
export const FIRST_PAUSE_MS = 60 * 1000;

/** The 429 message, saying the wait the Retry-After header gives. */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
export const THROTTLED_MESSAGE = throttledMessage(THROTTLE_WINDOW_MS / 1000);

/** Password guesses and second-factor codes are counted apart, so one cannot be used to lock out the other. */
export type AttemptKind = "password" | "mfa";

const keyName = (kind: AttemptKind, username: string) =>
  (kind === "password" ? username : `mfa:${username}`).slice(0, 100);

/** How long a username over its limit pauses after its last failure, given its failures in the window. */
export function pauseAfter(failures: number): number {
  if (failures < MAX_FAILURES_PER_USERNAME) return 0;
  const doublings = Math.min(failures - MAX_FAILURES_PER_USERNAME, 10);
  return Math.min(THROTTLE_WINDOW_MS, FIRST_PAUSE_MS * 2 ** doublings);
}

export type Reservation =
  /** One evaluation reserved; `failuresBefore` is the username's failures in the window before this one. */
  | { attemptId: number; failuresBefore: number }
  /** Over a limit: nothing was recorded. */
  | { refused: "username" | "address" | "device"; retryAfterSeconds: number };

export interface AttemptKey {
  username: string;
  ip: string;
  kind?: AttemptKind;
  /** The browser's device id when its device cookie names this account (knownDeviceFor); null for a stranger. */
  device?: string | null;
}

/**
 * Reserves one evaluation: the attempt row's id, to be flipped to success when the check passes, or why not. The
 * row is a presumed failure, so a crash between the reservation and the verdict still counts against the guesser.
 */
export async function reserve(db: Db, key: AttemptKey): Promise<Reservation> {
  const kind = key.kind ?? "password";
  const name = keyName(kind, key.username);
  const address = key.ip.slice(0, 64);
  const device = kind === "password" ? (key.device ?? null) : null;
  const now = Date.now();
  const since = new Date(now - THROTTLE_WINDOW_MS);
  const retryAt = (until: number) => ({ retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) });
  return db.transaction(async (tx) => {
    // Always username, then address, then device: two requests never wait on each other in opposite orders.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-user:${name}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-ip:${address}`}, 0))`);
    if (device) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-device:${device}`}, 0))`);
    }
    const failures = async (
      column: typeof loginAttempts.username | typeof loginAttempts.ip | typeof loginAttempts.device,
      value: string,
    ) => {
      const [row] = await tx
        .select({ n: count(), last: max(loginAttempts.at) })
        .from(loginAttempts)
        .where(and(eq(column, value), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
      return { n: row?.n ?? 0, last: row?.last?.getTime() ?? 0 };
    };
    const byName = await failures(loginAttempts.username, name);
    if (device) {
      if ((await failures(loginAttempts.device, device)).n >= MAX_FAILURES_PER_DEVICE) {
        return { refused: "device" as const, ...retryAt(now + THROTTLE_WINDOW_MS) };
      }
    } else {
      if (kind === "mfa" && byName.n >= MAX_CODE_FAILURES_PER_USERNAME) {
        return { refused: "username" as const, ...retryAt(now + THROTTLE_WINDOW_MS) };
      }
      const pausedUntil = byName.last + pauseAfter(byName.n);
      if (kind === "password" && byName.n >= MAX_FAILURES_PER_USERNAME && pausedUntil > now) {
        return { refused: "username" as const, ...retryAt(pausedUntil) };
      }
      if ((await failures(loginAttempts.ip, address)).n >= MAX_FAILURES_PER_IP) {
        return { refused: "address" as const, ...retryAt(now + THROTTLE_WINDOW_MS) };
      }
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ username: name, ip: address, device, success: false })
      .returning({ id: loginAttempts.id });
    if (!row) throw new Error("login attempt not recorded");
    return { attemptId: row.id, failuresBefore: byName.n };
  });
}

/** reserve() for callers that only need the attempt's id, or null when over a limit (no device exemption). */
export async function reserveAttempt(
  db: Db,
  username: string,
  ip: string,
  kind: AttemptKind = "password",
): Promise<number | null> {
  const reservation = await reserve(db, { username, ip, kind });
  return "attemptId" in reservation ? reservation.attemptId : null;
}

/** The reserved attempt passed: it no longer counts as a failure. */
export async function markAttemptSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
}

/** The reserved attempt was never evaluated (the check cap refused it): it counts for nothing. */
export async function releaseAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

/** A username's failures within the window and from how many addresses, read under the caller's transaction. */
export async function recentFailures(
  tx: Pick<Db, "select">,
  username: string,
): Promise<{ failures: number; addresses: number }> {
  const [row] = await tx
    .select({ failures: count(), addresses: countDistinct(loginAttempts.ip) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, keyName("password", username)),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, new Date(Date.now() - THROTTLE_WINDOW_MS)),
      ),
    );
  return { failures: row?.failures ?? 0, addresses: row?.addresses ?? 0 };
}

export async function purgeOldAttempts(db: Db): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(Date.now() - 24 * THROTTLE_WINDOW_MS)));
}
