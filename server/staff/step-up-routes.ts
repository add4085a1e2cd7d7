// The step-up of sensitive actions (ADR 051): GET /api/admin/step-up says until when this session's last second
// factor lets them through; POST checks a code now. A new set of recovery codes is a sensitive action itself.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  INVALID_MFA_CODE,
  MFA_EXPIRED,
  MFA_SETUP_REQUIRED,
  MfaCodeSchema,
  RecoveryCodesResponseSchema,
  type StepUpStatus,
  StepUpStatusSchema,
} from "../../shared/admin-security";
import { markSecondFactor } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { requireAdmin, staffAction } from "../plugins/session";
import { audit } from "./audit";
import type { AttemptKind } from "./login-throttle";
import { regenerateRecoveryCodes, verifySecondFactor } from "./mfa";
import { requireRecentSecondFactor, stepUpUntil } from "./step-up";

export interface StepUpRoutesOptions {
  /** security-routes.ts's throttled check: wrong step-up codes count like wrong sign-in codes. */
  throttledCheck: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    counted: { username: string; kind?: AttemptKind },
    check: () => Promise<T>,
  ) => Promise<T>;
}

export const stepUpRoutes: FastifyPluginAsyncZod<StepUpRoutesOptions> = async (app, { throttledCheck }) => {
  function signedInStaff(request: FastifyRequest) {
    if (!request.admin) throw httpError(401, MFA_EXPIRED);
    return request.admin;
  }

  // A code checked now lets this session's sensitive actions through for 10 minutes.
  app.get(
    "/api/admin/step-up",
    { onRequest: requireAdmin, schema: { response: { 200: StepUpStatusSchema } } },
    async (request) => {
      const session = signedInStaff(request);
      const body: StepUpStatus = {
        mfaEnabled: session.mfaEnabled,
        verifiedUntil: stepUpUntil(session)?.toISOString() ?? null,
      };
      return body;
    },
  );

  app.post(
    "/api/admin/step-up",
    { onRequest: requireAdmin, schema: { body: MfaCodeSchema, response: { 200: StepUpStatusSchema } } },
    async (request, reply) => {
      const session = signedInStaff(request);
      if (!session.mfaEnabled) throw httpError(403, MFA_SETUP_REQUIRED.message);
      const admin = { id: session.adminUserId, username: session.username };
      // Wrong codes count like wrong sign-in codes: the step-up is no way round the throttle.
      const passed = await throttledCheck(request, reply, { username: admin.username, kind: "mfa" }, () =>
        verifySecondFactor(app.db, app.mfaKey, admin, request.body.code),
      );
      if (!passed) throw httpError(400, INVALID_MFA_CODE);
      const at = await markSecondFactor(app.db, app.adminCookie.read(request));
      await audit(app.db, { ...staffAction(request), action: "step-up", details: { secondFactor: passed } });
      const body: StepUpStatus = {
        mfaEnabled: true,
        verifiedUntil: at
          ? (stepUpUntil({ mfaEnabled: true, secondFactorAt: at })?.toISOString() ?? null)
          : null,
      };
      return body;
    },
  );

  // A new set of recovery codes (the old ones stop working): it is a second factor in itself, so it asks for one.
  app.post(
    "/api/admin/mfa/recovery-codes",
    {
      onRequest: requireAdmin,
      preHandler: requireRecentSecondFactor,
      schema: { response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request) => {
      const session = signedInStaff(request);
      const codes = await regenerateRecoveryCodes(app.db, session.adminUserId);
      if (!codes) throw httpError(409, MFA_SETUP_REQUIRED.message);
      await audit(app.db, { ...staffAction(request), action: "mfa.recovery-codes-regenerated" });
      return { recoveryCodes: codes };
    },
  );
};
