// The number's confirmation code (issue 34 point 3): anyone can type someone else's number, so before any other text
// the applicant proves they hold it by typing back a 6-digit code texted to it. One live code per application; only
// an HMAC of it is kept; it works for 10 minutes and 5 tries; a new one may be asked for once a minute (and the
// outbox's 3 texts per number per day bound the rest). The page that sends the code back proves which application
// it is for with a signed token (the 201 of the application), or, at /my-training, by the signed-in session.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { COMPANY } from "../../shared/company";
import { maskNumber } from "../../shared/texts";
import type { Db } from "../db/client";
import { enrollments, textCodes } from "../db/schema";
import { queueApplicantText, stopLine, stopLink, type TextContext } from "./applicant-texts";
import { gsmReplace } from "./sms-text";

export const CODE_VALID_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_AFTER_MS = 60 * 1000;
const TOKEN_VALID_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const codeHash = (key: Buffer, enrollmentId: number, code: string) =>
  createHmac("sha256", key).update(`text code:${enrollmentId}:${code}`).digest("hex");

export type CodeSent =
  | { sent: true; number: string }
  /** Nothing texted: no consent, no mobile number, the number asked to stop, or a code went under a minute ago. */
  | { sent: false; why: "not-textable" | "too-soon" };

/** Makes a new code for the application's number and queues it (immediate: it answers the person's own action). */
export async function sendNumberCode(
  tx: Tx,
  ctx: TextContext,
  key: Buffer,
  enrollmentId: number,
  now = new Date(),
): Promise<CodeSent> {
  const [earlier] = await tx
    .select()
    .from(textCodes)
    .where(eq(textCodes.enrollmentId, enrollmentId))
    .limit(1);
  if (earlier && now.getTime() - earlier.sentAt.getTime() < CODE_RESEND_AFTER_MS) {
    return { sent: false, why: "too-soon" };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  let to: string | null = null;
  const queued = await queueApplicantText(
    tx,
    ctx,
    enrollmentId,
    async (app) => {
      to = app.to;
      const link = await stopLink(tx, ctx.publicUrl, app.to, now);
      return {
        kind: "code",
        body: gsmReplace(
          `${code} is your ${COMPANY.name} code to confirm this number for texts. It works for 10 minutes.\n${stopLine(link)}`,
        ),
        variables: { "1": code },
        immediate: true,
        sensitive: true,
      };
    },
    now,
    { codeOnly: true },
  );
  if (!queued || to === null) return { sent: false, why: "not-textable" };
  const row = {
    enrollmentId,
    toE164: to,
    codeHash: codeHash(key, enrollmentId, code),
    expiresAt: new Date(now.getTime() + CODE_VALID_MS),
    attempts: 0,
    sentAt: now,
  };
  await tx.insert(textCodes).values(row).onConflictDoUpdate({ target: textCodes.enrollmentId, set: row });
  return { sent: true, number: maskNumber(to) };
}

export type CodeCheck = "confirmed" | "wrong" | "expired";

/**
 * Checks a typed code; right, it confirms the application's number (and the code is gone). Call inside a transaction:
 * the code's row is locked, so two tries at once count as two.
 */
export async function checkNumberCode(
  tx: Tx,
  key: Buffer,
  enrollmentId: number,
  code: string,
  now = new Date(),
): Promise<CodeCheck> {
  const [row] = await tx
    .select()
    .from(textCodes)
    .where(eq(textCodes.enrollmentId, enrollmentId))
    .limit(1)
    .for("update");
  if (!row || row.expiresAt < now || row.attempts >= CODE_MAX_TRIES) return "expired";
  const given = Buffer.from(codeHash(key, enrollmentId, code));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    await tx
      .update(textCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(textCodes.enrollmentId, enrollmentId));
    return "wrong";
  }
  await tx.delete(textCodes).where(eq(textCodes.enrollmentId, enrollmentId));
  // The code proves only the number it went to: a number changed since then stays unconfirmed.
  const confirmed = await tx
    .update(enrollments)
    .set({ phoneConfirmedAt: now })
    .where(eq(enrollments.id, enrollmentId))
    .returning({ to: enrollments.phoneE164 });
  return confirmed[0]?.to === row.toE164 ? "confirmed" : "expired";
}

const tokenSignature = (key: Buffer, enrollmentId: number, expires: number) =>
  createHmac("sha256", key).update(`phone check:${enrollmentId}:${expires}`).digest("base64url").slice(0, 32);

/** The token a 201 hands the page, so it can send the code back for this application only (for a day). */
export function phoneCheckToken(key: Buffer, enrollmentId: number, now = new Date()): string {
  const expires = Math.floor((now.getTime() + TOKEN_VALID_MS) / 1000);
  return `${enrollmentId}.${expires}.${tokenSignature(key, enrollmentId, expires)}`;
}

/** The application a phone-check token names, or null when it is forged or expired. */
export function readPhoneCheckToken(key: Buffer, token: string, now = new Date()): number | null {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([\w-]{32})$/.exec(token);
  if (!match) return null;
  const [enrollmentId, expires] = [Number(match[1]), Number(match[2])];
  const expected = Buffer.from(tokenSignature(key, enrollmentId, expires));
  const given = Buffer.from(match[3] ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (expires * 1000 < now.getTime()) return null;
  return enrollmentId;
}
