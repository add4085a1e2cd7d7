// E-mail sign-in without passwords: each request makes a 6-digit code and a link token, both kept only as an HMAC
// under a key derived from the session secret, valid 15 minutes and usable once. A plain hash of a 6-digit code is
// reversed at once by anyone holding a copy of the database; without the key the stored value says nothing. A code
// dies after a few wrong tries and a new request retires the old ones, so guessing gets at most a few dozen tries
// in a million per quarter hour.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { SIGN_IN_CODE } from "../../shared/portal";
import type { Db } from "../db/client";
import { signInCodes } from "../db/schema";

/** Codes one address may request per window: enough for typos and slow mail, too few to flood an inbox. */
export const MAX_CODES_PER_WINDOW = 5;
export const CODE_WINDOW_MS = 15 * 60 * 1000;
/** And per day: nobody needs more sign-in mails than this, and an inbox is not flooded 5 at a time all day. */
export const MAX_CODES_PER_DAY = 10;
export const DAY_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The HMAC key for codes and link tokens, derived from the session secret so that no new setting is needed. */
export function signInCodeKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("rpas sign-in codes v1").digest();
}

const keyed = (key: Buffer, kind: "code" | "link", value: string) =>
  createHmac("sha256", key).update(`${kind}\0${value}`).digest("hex");

export type IssueResult =
  | { issued: true; code: string; linkToken: string }
  /** window: MAX_CODES_PER_WINDOW in the last 15 minutes; day: MAX_CODES_PER_DAY in the last 24 hours. */
  | { issued: false; limit: "window" | "day" };

async function sentSince(tx: Tx, email: string, ms: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(signInCodes)
    .where(and(eq(signInCodes.email, email), gt(signInCodes.createdAt, new Date(Date.now() - ms))));
  return row?.n ?? 0;
}

/** Checks the caps and makes a new code in one step: concurrent requests for one address take turns. */
export async function issueSignInCode(
  tx: Tx,
  key: Buffer,
  email: string,
  returnTo: string | null,
  ip: string,
): Promise<IssueResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
  if ((await sentSince(tx, email, DAY_MS)) >= MAX_CODES_PER_DAY) return { issued: false, limit: "day" };
  if ((await sentSince(tx, email, CODE_WINDOW_MS)) >= MAX_CODES_PER_WINDOW) {
    return { issued: false, limit: "window" };
  }
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
    codeHash: keyed(key, "code", code),
    linkHash: keyed(key, "link", linkToken),
    returnTo,
    expiresAt: new Date(Date.now() + SIGN_IN_CODE.validMinutes * 60 * 1000),
    ip: ip.slice(0, 64),
  });
  return { issued: true, code, linkToken };
}

/** Spends the e-mail's current code if it matches; returns where to go next, or null. */
export async function redeemCode(
  db: Db,
  key: Buffer,
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
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(keyed(key, "code", code), "hex");
    const matches = expected.length === given.length && timingSafeEqual(expected, given);
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
  key: Buffer,
  token: string,
): Promise<{ email: string; returnTo: string | null } | null> {
  const [row] = await db
    .update(signInCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(signInCodes.linkHash, keyed(key, "link", token)),
        isNull(signInCodes.usedAt),
        gt(signInCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: signInCodes.email, returnTo: signInCodes.returnTo });
  return row ?? null;
}
