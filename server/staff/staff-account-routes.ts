// Staff accounts (docs/product.md, API routes > Staff accounts). The owner's calls sit in the staff-only scope of
// app.ts and add the owner check; accepting an invitation is open (the link's token is the proof) and signs the new
// account in, through the mandatory two-factor setup first when ADMIN_REQUIRE_MFA is on.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AcceptInviteSchema,
  ChangeStaffAccountSchema,
  type InviteAccepted,
  InviteAcceptedSchema,
  InviteDetailsSchema,
  InviteStaffSchema,
  InviteTokenSchema,
  StaffAccountRowSchema,
  StaffOverviewSchema,
} from "../../shared/staff-accounts";
import { OkSchema } from "../../shared/wire";
import { createSession, deleteSession } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { requireOwner, staffAction } from "../plugins/session";
import { audit } from "./audit";
import { acceptInvite, createInvite, resendInvite, revokeInvite, usableInvite } from "./invites";
import { signInStage } from "./mfa";
import { changeStaffAccount, listStaffAccounts, listStaffInvites } from "./staff-accounts";
import { requireRecentSecondFactorWhen } from "./step-up";

/** Owners only: mounted in the staff-only scope, whose guard has already found the session. */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Runs after the scope's requireAdmin (a parent's hooks run first): 403 before any body is read.
  app.addHook("onRequest", requireOwner);

  app.get("/api/admin/staff", { schema: { response: { 200: StaffOverviewSchema } } }, async (request) => ({
    accounts: await listStaffAccounts(app.db, request.admin?.adminUserId ?? 0),
    invites: await listStaffInvites(app.db),
  }));

  app.post(
    "/api/admin/staff/invites",
    { schema: { body: InviteStaffSchema, response: { 200: OkSchema } } },
    async (request) => {
      await createInvite(app.db, request.body, staffAction(request), app.env.PUBLIC_URL);
      app.outbox.kick();
      return { ok: true } as const;
    },
  );

  app.post(
    "/api/admin/staff/invites/:id/resend",
    { schema: { params: idParam, response: { 200: OkSchema } } },
    async (request) => {
      await resendInvite(app.db, request.params.id, staffAction(request), app.env.PUBLIC_URL);
      app.outbox.kick();
      return { ok: true } as const;
    },
  );

  app.post(
    "/api/admin/staff/invites/:id/revoke",
    { schema: { params: idParam, response: { 200: OkSchema } } },
    async (request) => {
      await revokeInvite(app.db, request.params.id, staffAction(request));
      return { ok: true } as const;
    },
  );

  app.patch(
    "/api/admin/staff/accounts/:id",
    {
      // A role change asks for a recent second factor (ADR 051); disabling an account does not, so a stolen
      // account can be shut at once.
      preHandler: requireRecentSecondFactorWhen((request) => {
        const body = request.body as { role?: unknown } | undefined;
        return body?.role !== undefined;
      }),
      schema: { params: idParam, body: ChangeStaffAccountSchema, response: { 200: StaffAccountRowSchema } },
    },
    async (request) => {
      const self = request.admin?.adminUserId ?? 0;
      await changeStaffAccount(app.db, request.params.id, request.body, staffAction(request));
      const row = (await listStaffAccounts(app.db, self)).find((account) => account.id === request.params.id);
      if (!row) throw httpError(404, "Staff account not found.");
      return row;
    },
  );
};

/** Open by design: the invitation page reads who invited and the role, then sends the new account's details. */
export const staffInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST, not GET with the token in the address: the token never lands in access logs or browser history.
  app.post(
    "/api/staff-invite",
    { schema: { body: InviteTokenSchema, response: { 200: InviteDetailsSchema } } },
    async (request) => {
      const invite = await usableInvite(app.db, request.body.token);
      return {
        email: invite.email,
        role: invite.role,
        invitedBy: invite.invitedBy,
        expiresAt: invite.expiresAt,
      };
    },
  );

  app.post(
    "/api/staff-invite/accept",
    { schema: { body: AcceptInviteSchema, response: { 200: InviteAcceptedSchema } } },
    async (request, reply) => {
      const account = await acceptInvite(app.db, request.body, request.ip);
      // Signed in as the new account: any staff session this browser held before is replaced. An owner (or anyone
      // under ADMIN_REQUIRE_MFA) sets up two-factor first.
      const stage = signInStage({ mfaEnabled: false, role: account.role }, app.env.ADMIN_REQUIRE_MFA);
      await deleteSession(app.db, app.adminCookie.read(request));
      const token = await createSession(
        app.db,
        { kind: "admin", adminUserId: account.id },
        { ip: request.ip, userAgent: request.headers["user-agent"], stage },
      );
      app.adminCookie.set(reply, token);
      if (stage === "full") await audit(app.db, { actor: account.username, action: "login", ip: request.ip });
      const body: InviteAccepted = { username: account.username, role: account.role };
      if (stage === "setup") body.next = "setup";
      return body;
    },
  );
};
