// Staff sign-in calls (docs/product.md, API routes > Staff): POST /api/admin/login, POST /api/admin/logout,
// GET /api/admin/auth, plus GET /api/admin/status so the sign-in screen can say how to create the first account.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AdminLoginSchema, INVALID_CREDENTIALS } from "../../shared/admin";
import {
  type AdminLoginResponse,
  AdminLoginResponseSchema,
  AdminStatusSchema,
  AdminUserSchema,
} from "../../shared/admin-security";
import { SignInNoticeResponseSchema } from "../../shared/sign-in-notice";
import { OkSchema } from "../../shared/wire";
import { createSession, deleteSession, purgeExpiredSessions } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { requireAdmin, staffName } from "../plugins/session";
import { findAdmin, hasAdmin, normalizeUsername } from "./accounts";
import { audit } from "./audit";
import { knownDeviceFor, readDevice, rememberDevice } from "./device-cookie";
import {
  MAX_FAILURES_PER_USERNAME,
  markAttemptSucceeded,
  purgeOldAttempts,
  releaseAttempt,
  reserve,
  throttledMessage,
} from "./login-throttle";
import { signInStage } from "./mfa";
import { checkCap, PASSWORD_CHECKS_BUSY } from "./password-check-cap";
import { verifyPassword } from "./passwords";
import { noteFailedPassword, takeSignInNotice } from "./sign-in-notices";

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Password checks per second in this process: strangers' browsers share one budget, known browsers another, so a
  // flood of strangers cannot keep the staff out either (ADR 050).
  const checks = {
    strangers: checkCap(app.env.ADMIN_PASSWORD_CHECKS_PER_SECOND),
    known: checkCap(app.env.ADMIN_PASSWORD_CHECKS_PER_SECOND),
  };

  app.get("/api/admin/status", { schema: { response: { 200: AdminStatusSchema } } }, async () => ({
    hasAdmin: await hasAdmin(app.db),
  }));

  app.post(
    "/api/admin/login",
    { schema: { body: AdminLoginSchema, response: { 200: AdminLoginResponseSchema } } },
    async (request, reply) => {
      const username = normalizeUsername(request.body.username);
      const ip = request.ip;
      // Logged for every attempt; the password never is.
      const log = request.log.child({ event: "admin-login", username, ip });
      const admin = await findAdmin(app.db, username);
      // A browser that signed in to this account before is counted by its device only (ADR 050).
      const device = readDevice(app, request);
      const known = knownDeviceFor(device, admin?.id);
      // Reserve an evaluation first (atomically, per username, address or device); the slow argon2 check runs after
      // the reservation's transaction has committed, and a throttled request records nothing.
      const reservation = await reserve(app.db, { username, ip, device: known });
      if ("refused" in reservation) {
        log.warn({ outcome: "throttled", limit: reservation.refused }, "staff sign-in throttled");
        reply.header("Retry-After", String(reservation.retryAfterSeconds));
        throw httpError(429, throttledMessage(reservation.retryAfterSeconds));
      }
      const attemptId = reservation.attemptId;
      const wait = (known ? checks.known : checks.strangers).take();
      if (wait !== null) {
        await releaseAttempt(app.db, attemptId);
        log.warn({ outcome: "busy" }, "staff sign-in refused: too many password checks this second");
        reply.header("Retry-After", String(wait));
        throw httpError(429, PASSWORD_CHECKS_BUSY);
      }
      const ok = await verifyPassword(admin?.passwordHash, request.body.password);
      // A disabled account is refused like a wrong password: its holder learns nothing new.
      if (!ok || !admin || admin.disabled) {
        log.warn({ outcome: "failed" }, "staff sign-in failed");
        if (admin && reservation.failuresBefore + 1 >= MAX_FAILURES_PER_USERNAME) {
          // Telling the holder must not change the answer: a failure here is logged, the 401 stands.
          await noteFailedPassword(app.db, admin).then(
            (told) =>
              told && log.warn({ outcome: "holder-told" }, "staff username paused; its holder is told"),
            (error: unknown) => log.error({ err: error }, "could not tell the holder of a paused username"),
          );
        }
        throw httpError(401, INVALID_CREDENTIALS);
      }
      await markAttemptSucceeded(app.db, attemptId);
      // With two-factor on (or required and not yet set up: owners always) the password opens only a short pending step.
      const stage = signInStage(admin, app.env.ADMIN_REQUIRE_MFA);
      // A new session id at every login: a token planted before sign-in is never promoted.
      await deleteSession(app.db, app.adminCookie.read(request));
      const token = await createSession(
        app.db,
        { kind: "admin", adminUserId: admin.id },
        {
          ip,
          userAgent: request.headers["user-agent"],
          stage,
        },
      );
      app.adminCookie.set(reply, token);
      // The right password: this browser is one of the holder's own from now on (for this account's throttle only).
      rememberDevice(app, reply, device, admin.id);
      if (stage !== "full") {
        log.info({ outcome: `password-ok-${stage}` }, "staff password accepted; second step pending");
        const pending: AdminLoginResponse = { username: admin.username, next: stage };
        return pending;
      }
      await audit(app.db, { actor: admin.username, action: "login", ip });
      log.info({ outcome: "success" }, "staff signed in");
      if (Math.random() < 0.05) await Promise.all([purgeExpiredSessions(app.db), purgeOldAttempts(app.db)]);
      return { username: admin.username };
    },
  );

  app.post(
    "/api/admin/logout",
    { onRequest: requireAdmin, schema: { response: { 200: OkSchema } } },
    async (request, reply) => {
      await deleteSession(app.db, app.adminCookie.read(request));
      await audit(app.db, { actor: staffName(request), action: "logout", ip: request.ip });
      app.adminCookie.clear(reply);
      return { ok: true } as const;
    },
  );

  // A notice kept for a staff member without an e-mail address whose username was paused: shown once.
  app.get(
    "/api/admin/sign-in-notice",
    { onRequest: requireAdmin, schema: { response: { 200: SignInNoticeResponseSchema } } },
    async (request) => ({ notice: await takeSignInNotice(app.db, request.admin?.adminUserId ?? 0) }),
  );

  app.get(
    "/api/admin/auth",
    { onRequest: requireAdmin, schema: { response: { 200: AdminUserSchema } } },
    async (request) => ({ username: request.admin?.username ?? "", role: request.admin?.role ?? "staff" }),
  );
};
