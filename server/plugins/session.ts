// Staff sessions: a signed cookie holding a random token (server/platform/sessions.ts keeps the rest in the
// database). HttpOnly and SameSite=Lax always; Secure with the __Host- prefix when the site is served over https.
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type AdminSession, readAdminSession, SESSION_ABSOLUTE_MS } from "../platform/sessions";
import { errorBody } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireAdmin. */
    admin: AdminSession | null;
  }
  interface FastifyInstance {
    /** Staff sessions. */
    adminCookie: SessionCookie;
    /** Portal subscribers: a separate cookie, so signing in on one side never touches the other. */
    userCookie: SessionCookie;
  }
}

export interface SessionCookie {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

export interface SessionOptions {
  https: boolean;
  secret: string;
}

export const NOT_SIGNED_IN = "Please sign in as staff to continue.";

async function session(app: FastifyInstance, options: SessionOptions): Promise<void> {
  await app.register(cookie, { secret: options.secret });
  app.decorateRequest("admin", null);

  app.decorate(
    "adminCookie",
    sessionCookie(options.https ? "__Host-rpas_admin" : "rpas_admin", options.https),
  );
  app.decorate(
    "userCookie",
    sessionCookie(options.https ? "__Host-rpas_session" : "rpas_session", options.https),
  );
}

/** A signed session cookie: HttpOnly, SameSite=Lax, Path=/, Secure on https (where the __Host- prefix requires it). */
export function sessionCookie(
  name: string,
  secure: boolean,
  maxAgeSeconds = SESSION_ABSOLUTE_MS / 1000,
): SessionCookie {
  const attributes = { path: "/", httpOnly: true, sameSite: "lax" as const, secure };
  return {
    read(request) {
      const raw = request.cookies[name];
      if (!raw) return undefined;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : undefined;
    },
    set(reply, token) {
      reply.setCookie(name, token, { ...attributes, signed: true, maxAge: maxAgeSeconds });
    },
    clear(reply) {
      reply.clearCookie(name, attributes);
    },
  };
}

/** Who to record in the audit log for a request that passed requireAdmin. */
export function staffName(request: FastifyRequest): string {
  return request.admin?.username ?? "unknown";
}

/** Who did a staff action and from where, as the audit log records it. */
export function staffAction(request: FastifyRequest): { actor: string; ip: string } {
  return { actor: staffName(request), ip: request.ip };
}

/** onRequest guard of every staff endpoint (before the body is even read): 401 without a live staff session that has passed every sign-in step (a
 *  password alone never reaches the dashboard when two-factor is on or required). */
export async function requireAdmin(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = this.adminCookie.read(request);
  const found = await readAdminSession(this.db, token);
  request.admin = found?.stage === "full" ? found : null;
  if (!request.admin) {
    if (token && !found) this.adminCookie.clear(reply);
    return reply.status(401).send(errorBody(NOT_SIGNED_IN));
  }
}

export const OWNER_ONLY = "Only an owner can do this.";

/**
 * Guard of the owner's calls (staff accounts, settings changes, refund decisions): after requireAdmin (the staff
 * scope's onRequest guard has set request.admin), 403 for a staff member who is not an owner.
 */
export async function requireOwner(request: FastifyRequest, reply: FastifyReply) {
  if (!request.admin) return reply.status(401).send(errorBody(NOT_SIGNED_IN));
  if (request.admin.role !== "owner") return reply.status(403).send(errorBody(OWNER_ONLY));
}

/** onRequest guard of the two-factor setup calls: a full session, or one whose sign-in waits for the mandatory setup. */
export async function requireAdminOrSetup(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const found = await readAdminSession(this.db, this.adminCookie.read(request));
  request.admin = found && (found.stage === "full" || found.stage === "setup") ? found : null;
  if (!request.admin) return reply.status(401).send(errorBody(NOT_SIGNED_IN));
}

export default fp(session, { name: "session" });
