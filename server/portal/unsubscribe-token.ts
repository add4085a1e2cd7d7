// The digest's unsubscribe links: /unsubscribe?token=<user id>.<HMAC of it> under a key derived from the session
// secret (like the course-fee pay links, server/training/fee-token.ts). It needs no storage, cannot be made for
// another subscriber, and only ever turns the digest off; it never signs anyone in.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from "../../shared/digest";

declare module "fastify" {
  interface FastifyInstance {
    /** Signs the digest's unsubscribe links (server/portal/unsubscribe-token.ts). */
    unsubscribeKey: Buffer;
  }
}

/** The key unsubscribe tokens are signed with (app.unsubscribeKey), derived once from the session secret. */
export function unsubscribeKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("rpas digest unsubscribe links v1").digest();
}

const mac = (key: Buffer, userId: number) =>
  createHmac("sha256", key).update(`digest-user:${userId}`).digest("base64url").slice(0, 32);

export function unsubscribeToken(key: Buffer, userId: number): string {
  return `${userId}.${mac(key, userId)}`;
}

/** The subscriber a token names, or null for a token this server did not sign. */
export function userOfToken(key: Buffer, token: string | undefined): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token ?? "");
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(key, userId));
  const given = Buffer.from(match[2] ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The page link (in the e-mail's text) and the one-click address (its List-Unsubscribe header). */
export function unsubscribeLinks(publicUrl: string, key: Buffer, userId: number) {
  const query = `?token=${unsubscribeToken(key, userId)}`;
  return {
    page: `${publicUrl}${UNSUBSCRIBE_PATH}${query}`,
    oneClick: `${publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}${query}`,
  };
}
