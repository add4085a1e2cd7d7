// A subscriber signing in by e-mail code through the real endpoints, reading the code from the e-mail as they would.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { latestMailTo, signInCodeFrom } from "./outbox-mail";
import { postFromSite, sameSite } from "./test-app";

/** Return paths a browser would follow to another site: none may be kept, wherever a sign-in is given one. */
export const OFF_SITE_RETURN_PATHS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "//evil.example",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "https://evil.example/",
];

/** The Cookie header a browser would send back after `res`. */
export const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** Asks for a sign-in code as the sign-in page does, and reads the code and link from the e-mail sent. */
export async function requestSignInCode(
  app: FastifyInstance,
  email: string,
  returnTo?: string,
  remoteAddress = "127.0.0.1",
) {
  const res = await app.inject({
    method: "POST",
    url: "/api/login/email",
    payload: { email, ...(returnTo ? { returnTo } : {}) },
    headers: { origin: app.env.PUBLIC_URL },
    remoteAddress,
  });
  expect(res.statusCode).toBe(202);
  expect(res.json().message).toBe("Check your inbox: we sent you a sign-in link and a 6-digit code.");
  await app.outbox.drain();
  const mail = latestMailTo(app.env.DATA_DIR, email.toLowerCase());
  if (!mail) throw new Error(`no mail to ${email}`);
  return signInCodeFrom(mail);
}

/** Signs `email` in with the e-mailed code; answers the session's Cookie header. */
export async function signInSubscriber(app: FastifyInstance, email: string): Promise<string> {
  const { code } = await requestSignInCode(app, email);
  const res = await postFromSite(
    app,
    "/api/login/email/verify",
    { email, code },
    { origin: app.env.PUBLIC_URL },
  );
  expect(res.statusCode).toBe(200);
  return cookieOf(res);
}

/**
 * Signs `email` in and gives it portal access to the end of 2099 by staff's grant (the bank-transfer path, signed in
 * as `staffCookie`); answers the subscriber's Cookie header.
 */
export async function subscriberWithAccess(
  app: FastifyInstance,
  staffCookie: string,
  email: string,
): Promise<string> {
  const cookie = await signInSubscriber(app, email);
  const grant = await app.inject({
    method: "POST",
    url: "/api/admin/subscriptions/grant",
    payload: { email, until: "2099-12-31" },
    headers: { ...sameSite, cookie: staffCookie },
  });
  expect(grant.statusCode).toBe(200);
  return cookie;
}
