// Staff accounts: created from ADMIN_USERNAME/ADMIN_PASSWORD at start (only when missing), or by `npm run admin`.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminUsers, sessions } from "../db/schema";
import { hashPassword, passwordProblem } from "./passwords";

export class AccountError extends Error {}

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{1,99}$/;

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

function checkUsername(username: string): string {
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
      mfaEnabled: sql<boolean>`${adminUsers.totpEnabledAt} is not null`,
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
  await db.insert(adminUsers).values({ username: name, passwordHash: await hashPassword(password) });
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
  if (await findAdmin(db, username)) return "unchanged";
  await createAdmin(db, username, password);
  return "created";
}
