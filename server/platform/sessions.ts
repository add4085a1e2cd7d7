// Server-side sessions in the database, so any app instance can answer any request. The cookie carries 256 random
// bits; the table keeps only their SHA-256. Idle sessions end after 30 minutes, every session after 12 hours.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminUsers, type StaffRole, sessions, users } from "../db/schema";

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often: a dashboard's burst of requests costs one UPDATE, not ten. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
  /** Staff: a password-only step ("mfa", "setup") lives minutes, not hours, and reaches no admin endpoint. */
  stage?: SessionStage;
  /** Staff: the session opens with a second factor just checked (the sign-in's code step). */
  secondFactorAt?: Date;
}

export type SessionStage = "full" | "mfa" | "setup";
/** How long the step between the password and the second factor (or its mandatory setup) may take. */
export const PENDING_STAGE_MS = { mfa: 5 * 60 * 1000, setup: 15 * 60 * 1000 } as const;

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
    expiresAt: new Date(
      Date.now() + (meta.stage && meta.stage !== "full" ? PENDING_STAGE_MS[meta.stage] : SESSION_ABSOLUTE_MS),
    ),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 300),
    stage: meta.stage ?? "full",
    secondFactorAt: meta.secondFactorAt,
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
  stage: SessionStage;
  /** owner or staff (issue 16): owners alone manage staff accounts, settings and refunds. */
  role: StaffRole;
  /** Whether the account has two-factor on. */
  mfaEnabled: boolean;
  /** When this session last passed a second-factor check; null if never (ADR 051). */
  secondFactorAt: Date | null;
}

const liveness = { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt };
const sessionOf = (idHash: string, kind: "admin" | "user") =>
  and(eq(sessions.idHash, idHash), eq(sessions.kind, kind));

/** The row a cookie token names if its session is still live (kept alive by this read), else null. */
async function findLive<Row extends Parameters<typeof keepAlive>[2]>(
  db: Db,
  token: string | undefined,
  lookup: (idHash: string) => Promise<Row[]>,
): Promise<Row | null> {
  if (!usable(token)) return null;
  const idHash = hashToken(token);
  const [row] = await lookup(idHash);
  return row && (await keepAlive(db, idHash, row)) ? row : null;
}

/** The live admin session behind a cookie token, or null (unknown, idle too long, or past its absolute end). */
export async function readAdminSession(db: Db, token: string | undefined): Promise<AdminSession | null> {
  const row = await findLive(db, token, (idHash) =>
    db
      .select({
        adminUserId: adminUsers.id,
        username: adminUsers.username,
        stage: sessions.stage,
        role: adminUsers.role,
        mfaEnabled: sql<boolean>`${adminUsers.totpEnabledAt} is not null`,
        secondFactorAt: sessions.secondFactorAt,
        ...liveness,
      })
      .from(sessions)
      .innerJoin(adminUsers, eq(sessions.adminUserId, adminUsers.id))
      // A disabled account's sessions end at once, whatever their cookies say.
      .where(and(sessionOf(idHash, "admin"), isNull(adminUsers.disabledAt)))
      .limit(1),
  );
  return (
    row && {
      adminUserId: row.adminUserId,
      username: row.username,
      stage: row.stage,
      role: row.role,
      mfaEnabled: Boolean(row.mfaEnabled),
      secondFactorAt: row.secondFactorAt,
    }
  );
}

/** Records that the session behind `token` has just passed a second-factor check (a step-up). */
export async function markSecondFactor(db: Db, token: string | undefined): Promise<Date | null> {
  if (!usable(token)) return null;
  const [row] = await db
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(sessionOf(hashToken(token), "admin"))
    .returning({ at: sessions.secondFactorAt });
  return row?.at ?? null;
}

export interface UserSession {
  userId: number;
  email: string;
  firstName: string | null;
}

/** The live subscriber session behind a cookie token, or null. */
export async function readUserSession(db: Db, token: string | undefined): Promise<UserSession | null> {
  const row = await findLive(db, token, (idHash) =>
    db
      .select({ userId: users.id, email: users.email, firstName: users.firstName, ...liveness })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(sessionOf(idHash, "user"))
      .limit(1),
  );
  return row && { userId: row.userId, email: row.email, firstName: row.firstName };
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

/** A session's id as shown to its owner: derived from the stored hash, so it can name a session but never be one. */
const publicId = (idHash: string) =>
  createHash("sha256").update(`public:${idHash}`).digest("hex").slice(0, 32);

/** A staff member's signed-in sessions (full ones only), newest activity first. */
export async function listAdminSessions(db: Db, adminUserId: number, currentToken: string | undefined) {
  const current = currentToken ? hashToken(currentToken) : "";
  const rows = await db
    .select({
      idHash: sessions.idHash,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.adminUserId, adminUserId),
        eq(sessions.stage, "full"),
        gt(sessions.expiresAt, sql`now()`),
        // Idle past the limit is over too, even before housekeeping deletes the row.
        gt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map(({ idHash, ...row }) => ({ id: publicId(idHash), ...row, current: idHash === current }));
}

/** Ends one of the staff member's own sessions by its public id; answers whether one was ended. */
export async function endAdminSession(db: Db, adminUserId: number, id: string): Promise<boolean> {
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.adminUserId, adminUserId));
  const match = rows.find((row) => publicId(row.idHash) === id);
  if (!match) return false;
  await db.delete(sessions).where(eq(sessions.idHash, match.idHash));
  return true;
}

/** Ends every session of the staff member except the one behind `keepToken`; answers how many ended. */
export async function endOtherAdminSessions(db: Db, adminUserId: number, keepToken: string | undefined) {
  const ended = await db
    .delete(sessions)
    .where(
      and(eq(sessions.adminUserId, adminUserId), ne(sessions.idHash, keepToken ? hashToken(keepToken) : "")),
    )
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
