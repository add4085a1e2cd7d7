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
import { OkSchema } from "../../shared/wire";
import { createSession, deleteSession, purgeExpiredSessions } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { requireAdmin, staffName } from "../plugins/session";
import { findAdmin, hasAdmin, normalizeUsername } from "./accounts";
import { audit } from "./audit";
import {
  markAttemptSucceeded,
  purgeOldAttempts,
  reserveAttempt,
  THROTTLE_WINDOW_MS,
  THROTTLED_MESSAGE,
} from "./login-throttle";
import { signInStage } from "./mfa";
import { verifyPassword } from "./passwords";

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // Reserve an evaluation first (atomically, per username and address); the slow argon2 check runs after the
      // reservation's transaction has committed, and a throttled request records nothing.
      const attemptId = await reserveAttempt(app.db, username, ip);
      if (attemptId === null) {
        log.warn({ outcome: "throttled" }, "staff sign-in throttled");
        reply.header("Retry-After", String(THROTTLE_WINDOW_MS / 1000));
        throw httpError(429, THROTTLED_MESSAGE);
      }
      const admin = await findAdmin(app.db, username);
      const ok = await verifyPassword(admin?.passwordHash, request.body.password);
      // A disabled account is refused like a wrong password: its holder learns nothing new.
      if (!ok || !admin || admin.disabled) {
        log.warn({ outcome: "failed" }, "staff sign-in failed");
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

  app.get(
    "/api/admin/auth",
    { onRequest: requireAdmin, schema: { response: { 200: AdminUserSchema } } },
    async (request) => ({ username: request.admin?.username ?? "", role: request.admin?.role ?? "staff" }),
  );
};
