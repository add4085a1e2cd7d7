// Subscriber sign-in (docs/product.md, Subscriber sign-in): the browser navigates to /api/login and /api/logout,
// and the pages ask GET /api/auth/user who is signed in.
// With OIDC_* configured (app.oidc), /api/login runs the authorization code flow with PKCE; otherwise it sends the
// visitor to our own e-mail sign-in (/sign-in), which mails a 6-digit code and a confirm link.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  CODE_INVALID_MESSAGE,
  CODE_SENT_MESSAGE,
  CodeSentSchema,
  CurrentUserSchema,
  EmailSignInSchema,
  LINK_INVALID_MESSAGE,
  SIGNED_IN_HINT_COOKIE,
  SignedInSchema,
  VerifyCodeSchema,
  VerifyLinkSchema,
} from "../../shared/portal";
import { safeReturnPath } from "../../shared/return-path";
import { type SignInPlace, signInEmail } from "../intake/emails";
import type { Tx } from "../intake/submissions";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { OidcError } from "../integrations/oidc";
import { firstNameFor } from "../platform/reader-names";
import { createSession, deleteSession, readUserSession, SESSION_ABSOLUTE_MS } from "../platform/sessions";
import { signOutPage } from "../platform/sign-out-page";
import { httpError } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";
import { sessionCookie } from "../plugins/session";
import { issueSignInCode, MAX_CODES_PER_DAY, redeemCode, redeemLink } from "./sign-in-codes";
import { currentUser, type SignInIdentity, upsertUser } from "./users";

export const NOT_SIGNED_IN_USER = "You are not signed in.";
export const TOO_MANY_CODES =
  "Too many sign-in e-mails were requested for this address. Please wait 15 minutes.";
export const TOO_MANY_CODES_TODAY = `This address has had ${MAX_CODES_PER_DAY} sign-in e-mails today, the most we send in a day. Please use the newest one, or try again tomorrow.`;
export const OIDC_FAILED = "signin=failed";
export const OIDC_UNVERIFIED = "signin=unverified";
export const DEFAULT_RETURN = "/portal";

const HINT_ATTRIBUTES = { path: "/", sameSite: "lax" as const, httpOnly: false };

/** The portal's cue to ask who is signed in (SIGNED_IN_HINT_COOKIE); the session cookie itself stays HttpOnly. */
function setSignedInHint(reply: FastifyReply, signedIn: boolean): void {
  const secure = reply.server.env.PUBLIC_URL.startsWith("https://");
  if (signedIn) {
    reply.setCookie(SIGNED_IN_HINT_COOKIE, "1", {
      ...HINT_ATTRIBUTES,
      secure,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  } else {
    reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...HINT_ATTRIBUTES, secure });
  }
}

export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: SignInIdentity,
) {
  const user = await upsertUser(app.db, identity);
  // A new session id at every sign-in; whatever the browser carried is dropped.
  await deleteSession(app.db, app.userCookie.read(request));
  const token = await createSession(
    app.db,
    { kind: "user", userId: user.userId },
    {
      ip: request.ip,
      userAgent: request.headers["user-agent"],
    },
  );
  app.userCookie.set(reply, token);
  setSignedInHint(reply, true);
  return currentUser(app.db, user);
}

/** Where a sign-in lands decides what its e-mail calls it: /my-training and below are "My training". */
export function signInPlaceOf(returnTo: string | null | undefined): SignInPlace {
  const path = returnTo ? new URL(returnTo, "https://return-path.invalid").pathname : "";
  return path === "/my-training" || path.startsWith("/my-training/") ? "my-training" : "portal";
}

/**
 * In `tx`: a new sign-in code and link for `email` (the previous one retired) and the e-mail that carries them, or
 * the message of the per-address limit. The JSON route and the form posted without script share it.
 */
export async function issueCodeEmail(
  app: FastifyInstance,
  request: FastifyRequest,
  tx: Tx,
  email: string,
  asked: string | undefined,
): Promise<{ email: EmailMessage } | { refused: string }> {
  const issued = await issueSignInCode(tx, app.signInKey, email, safeReturnPath(asked), request.ip);
  if (!issued.issued) return { refused: issued.limit === "day" ? TOO_MANY_CODES_TODAY : TOO_MANY_CODES };
  const link = `${app.env.PUBLIC_URL}/sign-in/confirm?token=${issued.linkToken}`;
  // The same code signs in to the portal and to /my-training: the e-mail names the one the person came from.
  const place = signInPlaceOf(safeReturnPath(asked));
  const reader = { email, firstName: await firstNameFor(tx, email) };
  return { email: signInEmail(reader, issued.code, link, place) };
}

/** Mails a sign-in code and link to `email` (through the outbox): null when sent, else why not. */
async function sendSignInCode(
  app: FastifyInstance,
  request: FastifyRequest,
  email: string,
  asked: string | undefined,
): Promise<string | null> {
  const refused = await app.db.transaction(async (tx) => {
    const issued = await issueCodeEmail(app, request, tx, email, asked);
    if ("refused" in issued) return issued.refused;
    await enqueueEmails(tx, [issued.email]);
    return null;
  });
  if (refused === null) app.outbox.kick();
  return refused;
}

export const subscriberAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oidc } = app;
  // The OIDC state, PKCE verifier and nonce ride in a short-lived signed cookie between /api/login and the callback.
  const https = app.env.PUBLIC_URL.startsWith("https://");
  const oidcCookie = sessionCookie(https ? "__Host-rpas_oidc" : "rpas_oidc", https, 10 * 60);

  app.get(
    "/api/login",
    { schema: { querystring: z.object({ returnTo: z.optional(z.string()) }) } },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo) ?? DEFAULT_RETURN;
      if (!oidc) return reply.redirect(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
      try {
        const start = await oidc.startLogin();
        const { state, codeVerifier, nonce } = start;
        oidcCookie.set(reply, JSON.stringify({ state, codeVerifier, nonce, returnTo }));
        return reply.redirect(start.url);
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        request.log.error({ err: error }, "OIDC sign-in could not start");
        return reply.redirect(`/portal?${OIDC_FAILED}`);
      }
    },
  );

  app.get("/api/auth/callback", async (request, reply) => {
    const raw = oidcCookie.read(request);
    oidcCookie.clear(reply);
    if (!oidc || !raw) return reply.redirect(`/portal?${OIDC_FAILED}`);
    try {
      const saved = JSON.parse(raw) as {
        state: string;
        codeVerifier: string;
        nonce: string;
        returnTo: string;
      };
      const identity = await oidc.finishLogin(new URL(request.url, app.env.PUBLIC_URL), saved);
      await startSession(app, request, reply, {
        email: identity.email,
        firstName: identity.firstName,
        oidc: { issuer: identity.issuer, subject: identity.subject },
      });
      return reply.redirect(safeReturnPath(saved.returnTo) ?? DEFAULT_RETURN);
    } catch (error) {
      if (!(error instanceof OidcError) && !(error instanceof SyntaxError)) throw error;
      // Cancelling at the provider is a choice, not a failure: back to the portal without an alarm.
      if (error instanceof OidcError && error.kind === "denied") return reply.redirect("/portal");
      // The portal explains this one: the person can fix it at their provider.
      if (error instanceof OidcError && error.kind === "unverified") {
        request.log.warn({ err: error }, "OIDC sign-in refused");
        return reply.redirect(`/portal?${OIDC_UNVERIFIED}`);
      }
      request.log[error instanceof OidcError && error.kind === "config" ? "error" : "warn"](
        { err: error },
        "OIDC sign-in failed",
      );
      return reply.redirect(`/portal?${OIDC_FAILED}`);
    }
  });

  app.post(
    "/api/login/email",
    { schema: { body: EmailSignInSchema, response: { 202: CodeSentSchema } }, config: publicWriteLimit(app) },
    async (request, reply) => {
      const sent = await sendSignInCode(app, request, request.body.email, request.body.returnTo);
      if (sent !== null) throw httpError(429, sent);
      reply.status(202);
      return { message: CODE_SENT_MESSAGE };
    },
  );

  app.post(
    "/api/login/email/verify",
    { schema: { body: VerifyCodeSchema, response: { 200: SignedInSchema } }, config: publicWriteLimit(app) },
    async (request, reply) => {
      const redeemed = await redeemCode(app.db, app.signInKey, request.body.email, request.body.code);
      if (!redeemed) throw httpError(401, CODE_INVALID_MESSAGE);
      const user = await startSession(app, request, reply, { email: request.body.email });
      return { user, returnTo: redeemed.returnTo ?? DEFAULT_RETURN };
    },
  );

  app.post(
    "/api/login/link",
    { schema: { body: VerifyLinkSchema, response: { 200: SignedInSchema } }, config: publicWriteLimit(app) },
    async (request, reply) => {
      const redeemed = await redeemLink(app.db, app.signInKey, request.body.token);
      if (!redeemed) throw httpError(401, LINK_INVALID_MESSAGE);
      const user = await startSession(app, request, reply, { email: redeemed.email });
      return { user, returnTo: redeemed.returnTo ?? DEFAULT_RETURN };
    },
  );

  app.get("/api/auth/user", { schema: { response: { 200: CurrentUserSchema } } }, async (request, reply) => {
    const session = await readUserSession(app.db, app.userCookie.read(request));
    if (!session) {
      setSignedInHint(reply, false);
      throw httpError(401, NOT_SIGNED_IN_USER);
    }
    reply.header("Cache-Control", "no-store");
    return currentUser(app.db, session);
  });

  async function signOut(request: FastifyRequest, reply: FastifyReply, status: 302 | 303) {
    await deleteSession(app.db, app.userCookie.read(request));
    app.userCookie.clear(reply);
    setSignedInHint(reply, false);
    return reply.redirect("/portal", status);
  }

  // The portal's Logout button navigates here. Only a navigation the browser vouches for as our own (same-origin)
  // or typed by the person (none) signs out at once; a link or form on another site, or a client that does not
  // say, gets a page asking to confirm, so no other site can sign anyone out.
  app.get("/api/logout", async (request, reply) => {
    const site = request.headers["sec-fetch-site"];
    if (site === "same-origin" || site === "none") return signOut(request, reply, 302);
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(signOutPage());
  });

  // The confirm page's button: a plain form POST, so its scope accepts (and ignores) a form body.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, _body, done) => done(null, {}),
    );
    scope.post("/api/logout", (request, reply) => signOut(request, reply, 303));
  });
};
