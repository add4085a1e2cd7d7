// The offer e-mail's pay link: /course-payment?place=<id>&token=<token>, the token an HMAC of the place id under a key
// derived from the session secret. It cannot be guessed from the id, needs no storage, and only ever opens the
// payment page of that one place (paying still needs the payer's card or wallet).
import { createHmac, timingSafeEqual } from "node:crypto";

/** The key pay tokens are signed with (app.payLinkKey), derived once from the session secret. */
export function payLinkKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("rpas course pay links v1").digest();
}

export function payToken(key: Buffer, seatId: number): string {
  return createHmac("sha256", key).update(`place:${seatId}`).digest("base64url").slice(0, 32);
}

export function verifyPayToken(key: Buffer, seatId: number, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(payToken(key, seatId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page path of a place's payment, with its token. */
export function coursePaymentPath(key: Buffer, seatId: number): string {
  return `/course-payment?place=${seatId}&token=${payToken(key, seatId)}`;
}

/** What e-mails need to link a place to its payment page. */
export interface PayLinks {
  publicUrl: string;
  key: Buffer;
}

export function coursePaymentLink(links: PayLinks, seatId: number): string {
  return `${links.publicUrl}${coursePaymentPath(links.key, seatId)}`;
}

// The pay links each app signs, by its database handle: the seat rules that send offers (seat-lifecycle.ts) are
// handed the database, not the app, and tests run several apps (each with its own database and key) side by side.
const registered = new WeakMap<object, PayLinks>();

/** Called once by buildApp: offers made through `db` carry pay links signed with `links.key`. */
export function registerPayLinks(db: object, links: PayLinks): void {
  registered.set(db, links);
}

/** The pay link of a place, when the app that owns `db` registered its key (else the offer names no link). */
export function payLinkFor(db: object, seatId: number): string | null {
  const links = registered.get(db);
  return links ? coursePaymentLink(links, seatId) : null;
}

/** The pay page's path of a place (for a text's short link), when the app that owns `db` registered its key. */
export function payPathFor(db: object, seatId: number): string | null {
  const links = registered.get(db);
  return links ? coursePaymentPath(links.key, seatId) : null;
}
