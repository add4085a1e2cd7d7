// Server-side sessions in the database, so any app instance can answer any request. The cookie carries 256 random
// bits; the table keeps only their SHA-256. Idle sessions end after 30 minutes, every session after 12 hours.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminUsers, sessions, users } from "../db/schema";

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often: a dashboard's burst of requests costs one UPDATE, not ten. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(
  db: Db,
  owner: { kind: "admin"; adminUserId: number } | { kind: "user"; userId: number },
  meta: SessionMeta,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashToken(token),
    ...owner,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

/** Applies the idle and absolute limits to a found row: deletes a dead one, touches a live one now and then. */
async function keepAlive(
  db: Db,
  idHash: string,
  row: { lastSeenAt: Date; expiresAt: Date },
): Promise<boolean> {
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return false;
  }
  if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
  }
  return true;
}

const usable = (token: string | undefined): token is string => Boolean(token) && (token?.length ?? 0) <= 100;

export interface AdminSession {
  adminUserId: number;
  username: string;
}

/** The live admin session behind a cookie token, or null (unknown, idle too long, or past its absolute end). */
export async function readAdminSession(db: Db, token: string | undefined): Promise<AdminSession | null> {
  if (!usable(token)) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      adminUserId: adminUsers.id,
      username: adminUsers.username,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(sessions.adminUserId, adminUsers.id))
    .where(and(eq(sessions.idHash, idHash), eq(sessions.kind, "admin")))
    .limit(1);
  if (!row || !(await keepAlive(db, idHash, row))) return null;
  return { adminUserId: row.adminUserId, username: row.username };
}

export interface UserSession {
  userId: number;
  email: string;
  firstName: string | null;
}

/** The live subscriber session behind a cookie token, or null. */
export async function readUserSession(db: Db, token: string | undefined): Promise<UserSession | null> {
  if (!usable(token)) return null;
  const idHash = hashToken(token);
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.idHash, idHash), eq(sessions.kind, "user")))
    .limit(1);
  if (!row || !(await keepAlive(db, idHash, row))) return null;
  return { userId: row.userId, email: row.email, firstName: row.firstName };
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Housekeeping: sessions past either limit. Called now and then at login, so the table stays small. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  const idleCutoff = new Date(Date.now() - SESSION_IDLE_MS);
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(sessions).where(lt(sessions.lastSeenAt, idleCutoff));
}
