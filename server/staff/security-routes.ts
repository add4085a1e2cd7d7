// Staff account security: the second sign-in step, authenticator setup, recovery codes, the step-up of sensitive
// actions (ADR 051), own password change, own sessions.

import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type AccountSecurity,
  AccountSecuritySchema,
  AdminUserSchema,
  ChangePasswordSchema,
  CURRENT_PASSWORD_NEEDED,
  INVALID_MFA_CODE,
  MFA_EXPIRED,
  MfaCodeSchema,
  type MfaConfirmResponse,
  MfaConfirmResponseSchema,
  MfaSetupRequestSchema,
  MfaSetupResponseSchema,
  PasswordChangedSchema,
  SessionIdParamsSchema,
  SessionsEndedSchema,
  StaffSessionsSchema,
  WRONG_CURRENT_PASSWORD,
} from "../../shared/admin-security";
import { OkSchema } from "../../shared/wire";
import { adminUsers } from "../db/schema";
import {
  createSession,
  deleteSession,
  endAdminSession,
  endOtherAdminSessions,
  listAdminSessions,
  readAdminSession,
} from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { requireAdmin, requireAdminOrSetup, staffAction } from "../plugins/session";
import { findAdmin } from "./accounts";
import { audit } from "./audit";
import {
  type AttemptKind,
  markAttemptSucceeded,
  reserveAttempt,
  THROTTLE_WINDOW_MS,
  THROTTLED_MESSAGE,
} from "./login-throttle";
import { confirmMfaSetup, mfaStatus, startMfaSetup, verifySecondFactor } from "./mfa";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { stepUpRoutes } from "./step-up-routes";

export const adminSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Replaces the session behind the request with a full one (a new id at every step up). `secondFactor`: the step
   * checked the account's existing factor, which lets sensitive actions through for 10 minutes; a factor set up in
   * this very session proves no more than the password that opened it, so the setup's confirmation does not.
   */
  async function promote(
    request: FastifyRequest,
    reply: FastifyReply,
    adminUserId: number,
    secondFactor: boolean,
  ) {
    await deleteSession(app.db, app.adminCookie.read(request));
    const token = await createSession(
      app.db,
      { kind: "admin", adminUserId },
      {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        stage: "full",
        secondFactorAt: secondFactor ? new Date() : undefined,
      },
    );
    app.adminCookie.set(reply, token);
  }

  /**
   * Runs a code or password check that the throttle counts: over the limit, a 429 saying when to try again and no
   * check at all; otherwise `check`'s answer, and a truthy one (a pass) no longer counts as a failure.
   */
  async function throttledCheck<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    counted: { username: string; kind?: AttemptKind },
    check: () => Promise<T>,
  ): Promise<T> {
    const attemptId = await reserveAttempt(app.db, counted.username, request.ip, counted.kind);
    if (attemptId === null) {
      reply.header("Retry-After", String(THROTTLE_WINDOW_MS / 1000));
      throw httpError(429, THROTTLED_MESSAGE);
    }
    const result = await check();
    if (result) await markAttemptSucceeded(app.db, attemptId);
    return result;
  }

  /** The signed-in staff member's live sessions, the one behind the request marked current. */
  function ownSessions(request: FastifyRequest) {
    return listAdminSessions(app.db, request.admin?.adminUserId ?? 0, app.adminCookie.read(request));
  }

  /** The staff member signed in (fully, or for the mandatory setup); a 401 once that session has gone. */
  function signedInStaff(request: FastifyRequest) {
    if (!request.admin) throw httpError(401, MFA_EXPIRED);
    return request.admin;
  }

  // The step after the password when two-factor is on: an authenticator code or a recovery code.
  app.post(
    "/api/admin/login/mfa",
    { schema: { body: MfaCodeSchema, response: { 200: AdminUserSchema } } },
    async (request, reply) => {
      const pending = await readAdminSession(app.db, app.adminCookie.read(request));
      if (pending?.stage !== "mfa") throw httpError(401, MFA_EXPIRED);
      const admin = { id: pending.adminUserId, username: pending.username };
      const passed = await throttledCheck(request, reply, { username: admin.username, kind: "mfa" }, () =>
        verifySecondFactor(app.db, app.mfaKey, admin, request.body.code),
      );
      if (!passed) {
        request.log.warn(
          { event: "admin-mfa", username: admin.username, outcome: "failed" },
          "wrong staff code",
        );
        throw httpError(401, INVALID_MFA_CODE);
      }
      await promote(request, reply, admin.id, true);
      await audit(app.db, {
        actor: admin.username,
        action: "login",
        details: { secondFactor: passed },
        ip: request.ip,
      });
      return { username: admin.username };
    },
  );

  app.get(
    "/api/admin/account",
    { onRequest: requireAdminOrSetup, schema: { response: { 200: AccountSecuritySchema } } },
    async (request) => {
      const admin = request.admin;
      const status = await mfaStatus(app.db, admin?.adminUserId ?? 0);
      const body: AccountSecurity = {
        username: admin?.username ?? "",
        mfaEnabled: status.enabled,
        recoveryCodesLeft: status.recoveryCodesLeft,
        recoveryCodesOutdated: status.recoveryCodesOutdated,
        mfaRequired: admin?.role === "owner" || app.env.ADMIN_REQUIRE_MFA,
      };
      return body;
    },
  );

  app.post(
    "/api/admin/mfa/setup",
    {
      onRequest: requireAdminOrSetup,
      schema: { body: MfaSetupRequestSchema, response: { 200: MfaSetupResponseSchema } },
    },
    async (request, reply) => {
      const admin = signedInStaff(request);
      if ((await mfaStatus(app.db, admin.adminUserId)).enabled) {
        throw httpError(409, "Two-factor sign-in is already on for this account.");
      }
      // From a signed-in session the current password is asked, so a session left open (or stolen) cannot put its
      // own authenticator on the account. The mandatory setup right after the password (stage "setup", 15 minutes
      // at most) has just checked it.
      if (admin.stage === "full") {
        const currentPassword = request.body?.currentPassword ?? "";
        if (!currentPassword) throw httpError(400, CURRENT_PASSWORD_NEEDED);
        const known = await throttledCheck(request, reply, { username: admin.username }, async () => {
          const found = await findAdmin(app.db, admin.username);
          return Boolean(found && (await verifyPassword(found.passwordHash, currentPassword)));
        });
        if (!known) throw httpError(400, WRONG_CURRENT_PASSWORD);
      }
      await audit(app.db, { actor: admin.username, action: "mfa.setup-started", ip: request.ip });
      return startMfaSetup(app.db, app.mfaKey, { id: admin.adminUserId, username: admin.username });
    },
  );

  app.post(
    "/api/admin/mfa/confirm",
    {
      onRequest: requireAdminOrSetup,
      schema: { body: MfaCodeSchema, response: { 200: MfaConfirmResponseSchema } },
    },
    async (request, reply) => {
      const admin = signedInStaff(request);
      // Wrong setup codes are counted like wrong sign-in codes.
      const codes = await throttledCheck(request, reply, { username: admin.username, kind: "mfa" }, () =>
        confirmMfaSetup(
          app.db,
          app.mfaKey,
          { id: admin.adminUserId, username: admin.username },
          request.body.code,
        ),
      );
      if (!codes) throw httpError(400, INVALID_MFA_CODE);
      // The mandatory setup done, the sign-in is complete; a full session gets a new id all the same.
      await promote(request, reply, admin.adminUserId, false);
      await audit(app.db, { actor: admin.username, action: "mfa.enabled", ip: request.ip });
      // The mandatory setup was the sign-in's last step: the sign-in is logged as complete.
      if (admin.stage === "setup") {
        await audit(app.db, {
          actor: admin.username,
          action: "login",
          details: { secondFactor: "setup" },
          ip: request.ip,
        });
      }
      const body: MfaConfirmResponse = { recoveryCodes: codes };
      return body;
    },
  );

  // The step-up of sensitive actions and new recovery codes (ADR 051), with the same throttle.
  await app.register(stepUpRoutes, { throttledCheck });

  app.post(
    "/api/admin/password",
    {
      onRequest: requireAdmin,
      schema: { body: ChangePasswordSchema, response: { 200: PasswordChangedSchema } },
    },
    async (request, reply) => {
      const session = signedInStaff(request);
      const problem = passwordProblem(request.body.newPassword, session.username);
      if (problem) throw httpError(400, problem);
      // The current password is a password guess like any other: throttled the same way.
      const admin = await throttledCheck(request, reply, { username: session.username }, async () => {
        const found = await findAdmin(app.db, session.username);
        return found && (await verifyPassword(found.passwordHash, request.body.currentPassword))
          ? found
          : null;
      });
      if (!admin) throw httpError(400, WRONG_CURRENT_PASSWORD);
      const passwordHash = await hashPassword(request.body.newPassword);
      await app.db
        .update(adminUsers)
        .set({ passwordHash, passwordChangedAt: sql`now()` })
        .where(eq(adminUsers.id, admin.id));
      // Whoever knew the old password loses their session; this one stays.
      const ended = await endOtherAdminSessions(app.db, admin.id, app.adminCookie.read(request));
      await audit(app.db, {
        ...staffAction(request),
        action: "password.changed",
        details: { otherSessionsEnded: ended },
      });
      return { ok: true, endedSessions: ended } as const;
    },
  );

  app.get(
    "/api/admin/sessions",
    { onRequest: requireAdmin, schema: { response: { 200: StaffSessionsSchema } } },
    async (request) => {
      return { sessions: await ownSessions(request) };
    },
  );

  app.delete(
    "/api/admin/sessions/:id",
    { onRequest: requireAdmin, schema: { params: SessionIdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const current = (await ownSessions(request)).find((row) => row.current);
      if (current?.id === request.params.id) {
        throw httpError(400, "To end this session, use Logout.");
      }
      if (!(await endAdminSession(app.db, request.admin?.adminUserId ?? 0, request.params.id))) {
        throw httpError(404, "That session has already ended.");
      }
      await audit(app.db, { ...staffAction(request), action: "session.ended" });
      return { ok: true } as const;
    },
  );

  app.post(
    "/api/admin/sessions/end-others",
    { onRequest: requireAdmin, schema: { response: { 200: SessionsEndedSchema } } },
    async (request) => {
      const ended = await endOtherAdminSessions(
        app.db,
        request.admin?.adminUserId ?? 0,
        app.adminCookie.read(request),
      );
      await audit(app.db, { ...staffAction(request), action: "session.ended-others", details: { ended } });
      return { ok: true, ended } as const;
    },
  );
};
