// The staff Spam view: what the honeypot caught, with "Not spam" (restore and send what it missed) and delete.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { SPAM_KIND_LABELS, SPAM_KINDS, SpamPageSchema } from "../../shared/spam";
import { OkSchema } from "../../shared/wire";
import { httpError } from "../plugins/errors";
import { idParam, paging } from "../plugins/route-params";
import { requireAdmin, staffName } from "../plugins/session";
import { audit } from "../staff/audit";
import { deleteSpam, listSpam, restoreSpam } from "./spam";

const kindParam = z.object({ kind: z.enum(SPAM_KINDS), id: idParam.shape.id });

export const adminSpamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireAdmin);

  app.get(
    "/api/admin/spam",
    {
      schema: {
        querystring: z.object({ kind: z._default(z.enum([...SPAM_KINDS, "all"]), "all"), ...paging }),
        response: { 200: SpamPageSchema },
      },
    },
    async (request) => {
      const { kind, limit, offset } = request.query;
      return listSpam(app.db, { kinds: kind === "all" ? SPAM_KINDS : [kind], limit, offset });
    },
  );

  app.post(
    "/api/admin/spam/:kind/:id/not-spam",
    { schema: { params: kindParam, response: { 200: OkSchema } } },
    async (request) => {
      const { kind, id } = request.params;
      const actor = staffName(request);
      const restored = await app.db.transaction(async (tx) => {
        const done = await restoreSpam(tx, kind, id, {
          staffEmail: app.env.STAFF_EMAIL,
          dashboardUrl: `${app.env.PUBLIC_URL}/admin/dashboard`,
        });
        if (done)
          await audit(tx, { actor, action: "spam.restored", subject: `${kind} ${id}`, ip: request.ip });
        return done;
      });
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
      const actor = staffName(request);
      const deleted = await app.db.transaction(async (tx) => {
        const done = await deleteSpam(tx, kind, id);
        if (done)
          await audit(tx, { actor, action: "spam.deleted", subject: `${kind} ${id}`, ip: request.ip });
        return done;
      });
      if (!deleted) throw httpError(404, `${SPAM_KIND_LABELS[kind]} not found in spam.`);
      return { ok: true } as const;
    },
  );
};
