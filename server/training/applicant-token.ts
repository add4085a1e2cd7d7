// The application e-mail's confirm link: /my-training/confirm?token=<enrollment id>.<expiry>.<signature>, the
// signature an HMAC of both under a key derived from the session secret. It needs no storage and cannot be made for
// another application or stretched past its expiry; opening it only shows the page, whose button confirms.
import { createHmac, timingSafeEqual } from "node:crypto";
import { CONFIRM_LINK_VALID_DAYS } from "../../shared/applicant";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The key confirm links are signed with (app.confirmLinkKey), derived once from the session secret. */
export function confirmLinkKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("rpas address confirm links v1").digest();
}

const signature = (key: Buffer, enrollmentId: number, expires: number) =>
  createHmac("sha256", key).update(`confirm:${enrollmentId}:${expires}`).digest("base64url").slice(0, 32);

/** A token for one application that works until `CONFIRM_LINK_VALID_DAYS` after `now`. */
export function confirmToken(key: Buffer, enrollmentId: number, now = new Date()): string {
  const expires = Math.floor((now.getTime() + CONFIRM_LINK_VALID_DAYS * DAY_MS) / 1000);
  return `${enrollmentId}.${expires}.${signature(key, enrollmentId, expires)}`;
}

export type ReadToken = { ok: true; enrollmentId: number } | { ok: false; why: "invalid" | "expired" };

/** The application a token names, once its signature holds; an expired one is told apart (another message). */
export function readConfirmToken(key: Buffer, token: string, now = new Date()): ReadToken {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([\w-]{32})$/.exec(token);
  if (!match) return { ok: false, why: "invalid" };
  const [enrollmentId, expires] = [Number(match[1]), Number(match[2])];
  const expected = Buffer.from(signature(key, enrollmentId, expires));
  const given = Buffer.from(match[3] ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, why: "invalid" };
  if (expires * 1000 < now.getTime()) return { ok: false, why: "expired" };
  return { ok: true, enrollmentId };
}

/** The full address of an application's confirm link, for its e-mail. */
export function confirmLink(
  links: { publicUrl: string; key: Buffer },
  enrollmentId: number,
  now = new Date(),
) {
  return `${links.publicUrl}/my-training/confirm?token=${confirmToken(links.key, enrollmentId, now)}`;
}
