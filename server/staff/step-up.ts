// Sensitive actions ask for a second factor checked within the last 10 minutes (ADR 051): a stolen session cookie, or
// a dashboard left open, is then not enough to download the backup, change a role, move money or the payee details.
// The session row keeps when its last check passed: the sign-in's code step, or POST /api/admin/step-up.
import type { FastifyReply, FastifyRequest } from "fastify";
import { MFA_SETUP_REQUIRED, STEP_UP_REQUIRED, STEP_UP_WINDOW_MS } from "../../shared/admin-security";
import type { AdminSession } from "../platform/sessions";
import { errorBody } from "../plugins/errors";

/** Until when the session's last second-factor check lets sensitive actions through; null when it does not. */
export function stepUpUntil(session: Pick<AdminSession, "secondFactorAt" | "mfaEnabled">): Date | null {
  if (!session.mfaEnabled || !session.secondFactorAt) return null;
  const until = new Date(session.secondFactorAt.getTime() + STEP_UP_WINDOW_MS);
  return until.getTime() > Date.now() ? until : null;
}

/**
 * Route guard (preHandler, after the staff scope's requireAdmin and any requireOwner): 403 with
 * `{ code: "step_up_required" }` without a recent second factor, or `{ code: "mfa_setup_required" }` for an account
 * without two-factor; the dashboard recognises both, asks for a code (or points to the setup) and retries.
 */
export async function requireRecentSecondFactor(request: FastifyRequest, reply: FastifyReply) {
  const session = request.admin;
  if (!session) return; // requireAdmin has answered already
  if (!session.mfaEnabled) {
    return reply
      .status(403)
      .send({ ...errorBody(MFA_SETUP_REQUIRED.message), code: MFA_SETUP_REQUIRED.code });
  }
  if (!stepUpUntil(session)) {
    return reply.status(403).send({ ...errorBody(STEP_UP_REQUIRED.message), code: STEP_UP_REQUIRED.code });
  }
}

/** requireRecentSecondFactor for a route whose request is sensitive only sometimes (a role among other changes). */
export function requireRecentSecondFactorWhen(
  sensitive: (request: FastifyRequest) => boolean | Promise<boolean>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (await sensitive(request)) return requireRecentSecondFactor(request, reply);
  };
}
