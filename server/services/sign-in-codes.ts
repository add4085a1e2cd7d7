// E-mail sign-in without passwords: each request makes a 6-digit code and a link token, both kept only as SHA-256,
// valid 15 minutes and usable once. A code dies after a few wrong tries and a new request retires the old ones, so
// guessing gets at most a few dozen tries in a million per quarter hour.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { SIGN_IN_CODE } from "../../shared/portal";
import type { Db } from "../db/client";
import { signInCodes } from "../db/schema";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Codes one address may request per window: enough for typos and slow mail, too few to flood an inbox. */
export const MAX_CODES_PER_WINDOW = 5;
export const CODE_WINDOW_MS = 15 * 60 * 1000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function tooManyCodes(db: Db, email: string): Promise<boolean> {
  const since = new Date(Date.now() - CODE_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(signInCodes)
    .where(and(eq(signInCodes.email, email), gt(signInCodes.createdAt, since)));
  return (row?.n ?? 0) >= MAX_CODES_PER_WINDOW;
}

export async function issueSignInCode(
  tx: Tx,
  email: string,
  returnTo: string | null,
  ip: string,
): Promise<{ code: string; linkToken: string }> {
  const code = String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, "0");
  const linkToken = randomBytes(32).toString("base64url");
  // Only the newest code counts: "Send a new code" makes the earlier e-mails useless.
  await tx
    .update(signInCodes)
    .set({ expiresAt: sql`now()` })
    .where(
      and(eq(signInCodes.email, email), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, sql`now()`)),
    );
  await tx.insert(signInCodes).values({
    email,
    codeHash: sha256(code),
    linkHash: sha256(linkToken),
    returnTo,
    expiresAt: new Date(Date.now() + SIGN_IN_CODE.validMinutes * 60 * 1000),
    ip: ip.slice(0, 64),
  });
  return { code, linkToken };
}

/** Spends the e-mail's current code if it matches; returns where to go next, or null. */
export async function redeemCode(
  db: Db,
  email: string,
  code: string,
): Promise<{ returnTo: string | null } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: signInCodes.id,
        codeHash: signInCodes.codeHash,
        attempts: signInCodes.attempts,
        returnTo: signInCodes.returnTo,
      })
      .from(signInCodes)
      .where(
        and(eq(signInCodes.email, email), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, sql`now()`)),
      )
      .orderBy(desc(signInCodes.createdAt))
      .limit(1)
      .for("update");
    if (!row || row.attempts >= SIGN_IN_CODE.maxAttempts) return null;
    const matches = timingSafeEqual(Buffer.from(row.codeHash, "hex"), Buffer.from(sha256(code), "hex"));
    if (!matches) {
      await tx
        .update(signInCodes)
        .set({ attempts: sql`${signInCodes.attempts} + 1` })
        .where(eq(signInCodes.id, row.id));
      return null;
    }
    await tx.update(signInCodes).set({ usedAt: sql`now()` }).where(eq(signInCodes.id, row.id));
    return { returnTo: row.returnTo };
  });
}

/** Spends a link token; returns its e-mail and where to go next, or null. */
export async function redeemLink(
  db: Db,
  token: string,
): Promise<{ email: string; returnTo: string | null } | null> {
  const [row] = await db
    .update(signInCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(signInCodes.linkHash, sha256(token)),
        isNull(signInCodes.usedAt),
        gt(signInCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: signInCodes.email, returnTo: signInCodes.returnTo });
  return row ?? null;
}

/** Only paths on this site: "/portal" yes; "//evil.example", "https://…" and "/\\evil" no. */
export function safeReturnTo(value: string | undefined | null): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  return value.slice(0, 200);
}
