// The staff Spam view: what the honeypot caught, with "Not spam" (restore and send what it missed) and delete.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { SPAM_KIND_LABELS, SPAM_KINDS, spamList } from "../../shared/spam";
import { OkSchema } from "../../shared/wire";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction } from "../plugins/session";
import { staffList } from "../plugins/staff-list";
import { staffEmailAddress } from "../settings/staff-notifications";
import { auditedChange } from "../staff/audit";
import { confirmLink } from "../training/applicant-token";
import { deleteSpam, listSpam, restoreSpam } from "./spam";

const kindParam = z.object({ kind: z.enum(SPAM_KINDS), id: idParam.shape.id });

export const adminSpamRoutes: FastifyPluginAsyncZod = async (app) => {
  staffList(app, spamList, ({ kind, ...page }) =>
    listSpam(app.db, { kinds: kind === "all" ? SPAM_KINDS : [kind], ...page }),
  );

  app.post(
    "/api/admin/spam/:kind/:id/not-spam",
    { schema: { params: kindParam, response: { 200: OkSchema } } },
    async (request) => {
      const { kind, id } = request.params;
      const mail = {
        dashboardUrl: `${app.env.PUBLIC_URL}/admin/dashboard`,
        confirmUrl: (enrollmentId: number) =>
          confirmLink({ publicUrl: app.env.PUBLIC_URL, key: app.confirmLinkKey }, enrollmentId),
      };
      const event = { ...staffAction(request), action: "spam.restored", subject: `${kind} ${id}` };
      const restored = await auditedChange(app.db, event, async (tx) =>
        restoreSpam(tx, kind, id, { ...mail, staffEmail: await staffEmailAddress(tx, app.env) }),
      );
      if (!restored) throw httpError(404, `${SPAM_KIND_LABELS[kind]} not found in spam.`);
      app.outbox.kick();
      return { ok: true } as const;
    },
  );

  app.delete(
    "/api/admin/spam/:kind/:id",
    { schema: { params: kindParam, response: { 200: OkSchema } } },
    async (request) => {
      const { kind, id } = request.params;
      const event = { ...staffAction(request), action: "spam.deleted", subject: `${kind} ${id}` };
      const deleted = await auditedChange(app.db, event, (tx) => deleteSpam(tx, kind, id));
      if (!deleted) throw httpError(404, `${SPAM_KIND_LABELS[kind]} not found in spam.`);
      return { ok: true } as const;
    },
  );
};
