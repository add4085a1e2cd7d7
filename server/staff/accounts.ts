// Staff accounts: created from ADMIN_USERNAME/ADMIN_PASSWORD at start (only when missing), by `npm run admin`, or
// from an owner's invitation (invites.ts). The first account is the owner, and so is the one the environment creates.
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
 * ADMIN_USERNAME/ADMIN_PASSWORD at start: create that account, as an owner, when it does not exist, and otherwise
 * leave it exactly as it is (ADR 050): a password changed in the dashboard survives a restart with the old values,
 * and an owner's decision to demote or disable it stands. The way back in for a lost owner is on the server:
 * `npm run admin -- set-role USERNAME owner` (and `set-password`).
 */
export async function ensureAdminFromEnv(
  db: Db,
  username: string,
  password: string,
): Promise<"created" | "unchanged"> {
  if (await findAdmin(db, username)) return "unchanged";
  await createAdmin(db, username, password);
  // Whoever sets the server's environment runs the site: the account it creates is an owner.
  await db
    .update(adminUsers)
    .set({ role: "owner" })
    .where(eq(adminUsers.username, normalizeUsername(username)));
  return "created";
}

/**
 * The staff accounts' part of a server start: the ADMIN_USERNAME account when it is missing, and an owner when the
 * site has no enabled one. Answers what to log.
 */
export async function staffAccountsAtStart(
  db: Db,
  env: { ADMIN_USERNAME?: string; ADMIN_PASSWORD?: string },
): Promise<string[]> {
  const lines: string[] = [];
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const outcome = await ensureAdminFromEnv(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    if (outcome === "created")
      lines.push(`Staff account '${env.ADMIN_USERNAME}' created from ADMIN_USERNAME.`);
  }
  const promoted = await ensureOwner(db);
  if (promoted) lines.push(`Staff account '${promoted}' is now an owner: the site had none.`);
  return lines;
}
