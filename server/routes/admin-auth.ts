// SPEC section 7's staff sign-in calls: POST /api/admin/login, POST /api/admin/logout, GET /api/admin/auth, plus
// GET /api/admin/status so the sign-in screen can say how to create the first account.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AdminLoginSchema, INVALID_CREDENTIALS } from "../../shared/admin";
import { errorBody } from "../plugins/errors";
import { requireAdmin, staffName } from "../plugins/session";
import { findAdmin, hasAdmin, normalizeUsername } from "../services/admin-accounts";
import { audit } from "../services/audit";
import {
  isThrottled,
  purgeOldAttempts,
  recordAttempt,
  THROTTLE_WINDOW_MS,
  THROTTLED_MESSAGE,
} from "../services/login-throttle";
import { verifyPassword } from "../services/passwords";
import { createSession, deleteSession, purgeExpiredSessions } from "../services/sessions";

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/status", async () => ({ hasAdmin: await hasAdmin(app.db) }));

  app.post("/api/admin/login", { schema: { body: AdminLoginSchema } }, async (request, reply) => {
    const username = normalizeUsername(request.body.username);
    const ip = request.ip;
    // Logged for every attempt; the password never is.
    const log = request.log.child({ event: "admin-login", username, ip });
    if (await isThrottled(app.db, username, ip)) {
      log.warn({ outcome: "throttled" }, "staff sign-in throttled");
      await recordAttempt(app.db, username, ip, false);
      reply.header("Retry-After", String(THROTTLE_WINDOW_MS / 1000));
      return reply.status(429).send(errorBody(THROTTLED_MESSAGE));
    }
    const admin = await findAdmin(app.db, username);
    const ok = await verifyPassword(admin?.passwordHash, request.body.password);
    await recordAttempt(app.db, username, ip, ok);
    if (!ok || !admin) {
      log.warn({ outcome: "failed" }, "staff sign-in failed");
      return reply.status(401).send(errorBody(INVALID_CREDENTIALS));
    }
    // A new session id at every login: a token planted before sign-in is never promoted.
    await deleteSession(app.db, app.adminCookie.read(request));
    const token = await createSession(
      app.db,
      { kind: "admin", adminUserId: admin.id },
      {
        ip,
        userAgent: request.headers["user-agent"],
      },
    );
    await audit(app.db, { actor: admin.username, action: "login", ip });
    log.info({ outcome: "success" }, "staff signed in");
    app.adminCookie.set(reply, token);
    if (Math.random() < 0.05) await Promise.all([purgeExpiredSessions(app.db), purgeOldAttempts(app.db)]);
    return { username: admin.username };
  });

  app.post("/api/admin/logout", { preHandler: requireAdmin }, async (request, reply) => {
    await deleteSession(app.db, app.adminCookie.read(request));
    await audit(app.db, { actor: staffName(request), action: "logout", ip: request.ip });
    app.adminCookie.clear(reply);
    return { ok: true };
  });

  app.get("/api/admin/auth", { preHandler: requireAdmin }, async (request) => ({
    username: request.admin?.username ?? "",
  }));
};
