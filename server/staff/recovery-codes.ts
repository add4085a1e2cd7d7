// Two-factor recovery codes (ADR 051). A code reads `abcd-efghj-kmnpq`: a 4-character public id, kept in clear so an
// attempt finds its one row, and a 10-character secret (about 49 bits) kept with argon2id as passwords are. Checking
// a code therefore costs one argon2 verification, not one per stored code. Sets made before (ADR 019: 10 characters,
// no id, SHA-256 of the whole code) keep working until regenerated; their rows have no public id.
import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminRecoveryCodes } from "../db/schema";
import { hashPassword, verifyPassword } from "./passwords";

export const RECOVERY_CODE_COUNT = 10;

type Executor = Pick<Db, "insert" | "delete">;

// Lower-case letters and digits without look-alikes (no i, l, o, 0, 1): 31 symbols.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const ID_LENGTH = 4;
const SECRET_LENGTH = 10;

const randomChars = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The SHA-256 of an older code (ADR 019), as its rows store it. */
export const legacyRecoveryCodeHash = (code: string) =>
  createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");

/** Whether `code` has the shape of a recovery code, new or old (an authenticator code is 6 digits). */
export function looksLikeRecoveryCode(code: string): boolean {
  const length = normalizeRecoveryCode(code).length;
  return length === ID_LENGTH + SECRET_LENGTH || length === SECRET_LENGTH;
}

export interface NewRecoveryCodes {
  /** As shown to the staff member, once. */
  codes: string[];
  /** As stored: the public id and the argon2id hash of the secret part. */
  rows: { publicId: string; codeHash: string }[];
}

/** Ten fresh codes with distinct public ids, hashed (argon2 runs off the main thread, so the ten run side by side). */
export async function newRecoveryCodes(): Promise<NewRecoveryCodes> {
  const ids = new Set<string>();
  while (ids.size < RECOVERY_CODE_COUNT) ids.add(randomChars(ID_LENGTH));
  const parts = [...ids].map((publicId) => ({ publicId, secret: randomChars(SECRET_LENGTH) }));
  const rows = await Promise.all(
    parts.map(async ({ publicId, secret }) => ({ publicId, codeHash: await hashPassword(secret) })),
  );
  const codes = parts.map(({ publicId, secret }) => `${publicId}-${secret.slice(0, 5)}-${secret.slice(5)}`);
  return { codes, rows };
}

/** Replaces the account's codes with a new set (inside the caller's transaction). */
export async function storeRecoveryCodes(tx: Executor, adminUserId: number, made: NewRecoveryCodes) {
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
  await tx.insert(adminRecoveryCodes).values(made.rows.map((row) => ({ adminUserId, ...row })));
}

/** Marks one unused row used; of two requests with the same code, one wins. */
async function markUsed(db: Db, id: number): Promise<boolean> {
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminRecoveryCodes.id, id), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  return used.length > 0;
}

/**
 * Checks a recovery code and uses it up. A new code: the row its public id names, one argon2 check. An older code:
 * looked up by its SHA-256 among the rows without an id. Answers which kind passed, or null.
 */
export async function spendRecoveryCode(
  db: Db,
  adminUserId: number,
  code: string,
): Promise<"recovery" | "legacy-recovery" | null> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length === ID_LENGTH + SECRET_LENGTH) {
    const [row] = await db
      .select({ id: adminRecoveryCodes.id, codeHash: adminRecoveryCodes.codeHash })
      .from(adminRecoveryCodes)
      .where(
        and(
          eq(adminRecoveryCodes.adminUserId, adminUserId),
          eq(adminRecoveryCodes.publicId, normalized.slice(0, ID_LENGTH)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .limit(1);
    if (!row || !(await verifyPassword(row.codeHash, normalized.slice(ID_LENGTH)))) return null;
    return (await markUsed(db, row.id)) ? "recovery" : null;
  }
  if (normalized.length !== SECRET_LENGTH) return null;
  const [row] = await db
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, adminUserId),
        isNull(adminRecoveryCodes.publicId),
        eq(adminRecoveryCodes.codeHash, legacyRecoveryCodeHash(normalized)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .limit(1);
  return row && (await markUsed(db, row.id)) ? "legacy-recovery" : null;
}

/** How many unused codes are left, and whether any of them is of the older kind (their holder should regenerate). */
export async function recoveryCodeStatus(db: Db, adminUserId: number) {
  const unused = and(eq(adminRecoveryCodes.adminUserId, adminUserId), isNull(adminRecoveryCodes.usedAt));
  const [left] = await db.select({ n: count() }).from(adminRecoveryCodes).where(unused);
  const [current] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(unused, isNotNull(adminRecoveryCodes.publicId)));
  const total = left?.n ?? 0;
  return { left: total, outdated: total > (current?.n ?? 0) };
}
