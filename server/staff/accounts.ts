// Staff accounts: created from ADMIN_USERNAME/ADMIN_PASSWORD at start (only when missing), by `npm run admin`, or
// from an owner's invitation (invites.ts). The first account is the owner; the environment's account always is one.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminUsers, sessions } from "../db/schema";
import { hashPassword, passwordProblem } from "./passwords";

export class AccountError extends Error {}

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{1,99}$/;

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function checkUsername(username: string): string {
  const normalized = normalizeUsername(username);
  if (!USERNAME_PATTERN.test(normalized)) {
    throw new AccountError(
      "The username must be 2-100 characters: letters, digits, dots, dashes, underscores or @.",
    );
  }
  return normalized;
}

function checkPassword(password: string, username: string): void {
  const problem = passwordProblem(password, normalizeUsername(username));
  if (problem) throw new AccountError(problem);
}

export async function findAdmin(db: Db, username: string) {
  const [row] = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      passwordHash: adminUsers.passwordHash,
      role: adminUsers.role,
      mfaEnabled: sql<boolean>`${adminUsers.totpEnabledAt} is not null`,
      disabled: sql<boolean>`${adminUsers.disabledAt} is not null`,
    })
    .from(adminUsers)
    .where(eq(adminUsers.username, normalizeUsername(username)))
    .limit(1);
  return row;
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  return row !== undefined;
}

export async function createAdmin(db: Db, username: string, password: string): Promise<void> {
  const name = checkUsername(username);
  checkPassword(password, name);
  if (await findAdmin(db, name)) throw new AccountError(`A staff account named '${name}' already exists.`);
  // The first account of a new site is its owner: someone must be able to manage the others.
  const role = (await hasEnabledOwner(db)) ? "staff" : "owner";
  await db.insert(adminUsers).values({ username: name, passwordHash: await hashPassword(password), role });
}

async function hasEnabledOwner(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), isNull(adminUsers.disabledAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * At start: a site always has an owner. When no enabled account is one (all demoted or disabled by hand in the
 * database, or an install older than roles), the oldest enabled account becomes one. Answers who was promoted.
 */
export async function ensureOwner(db: Db): Promise<string | null> {
  if (await hasEnabledOwner(db)) return null;
  const [oldest] = await db
    .select({ id: adminUsers.id, username: adminUsers.username })
    .from(adminUsers)
    .where(isNull(adminUsers.disabledAt))
    .orderBy(asc(adminUsers.createdAt), asc(adminUsers.id))
    .limit(1);
  if (!oldest) return null;
  await db.update(adminUsers).set({ role: "owner" }).where(eq(adminUsers.id, oldest.id));
  return oldest.username;
}

/** A new password also signs the account out everywhere: whoever knew the old one loses their session. */
export async function setAdminPassword(db: Db, username: string, password: string): Promise<void> {
  checkPassword(password, username);
  const admin = await findAdmin(db, username);
  if (!admin) throw new AccountError(`No staff account is named '${normalizeUsername(username)}'.`);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(adminUsers.id, admin.id));
    await tx.delete(sessions).where(eq(sessions.adminUserId, admin.id));
  });
}

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD at start: create that admin when it does not exist, and otherwise leave it alone,
 * so a password changed in the dashboard (or by `npm run admin`) survives a restart with the old values.
 */
export async function ensureAdminFromEnv(
  db: Db,
  username: string,
  password: string,
): Promise<"created" | "unchanged"> {
  // Whoever sets the server's environment runs the site: that account is an owner (a way back in, too).
  const existing = await findAdmin(db, username);
  if (existing) {
    await db.update(adminUsers).set({ role: "owner" }).where(eq(adminUsers.id, existing.id));
    return "unchanged";
  }
  await createAdmin(db, username, password);
  await db
    .update(adminUsers)
    .set({ role: "owner" })
    .where(eq(adminUsers.username, normalizeUsername(username)));
  return "created";
}
