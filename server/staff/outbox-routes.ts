// Staff see the e-mail queue: what failed (with the mail server's last answer) and what is waiting, and can put a
// failed message back in the queue. Messages carrying a sign-in code or link are listed masked and never resent:
// the person simply asks for a new code.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { EmailRequeuedSchema, outboxList } from "../../shared/contracts/outbox";
import { listOutbox, requeueEmail } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffName } from "../plugins/session";
import { staffList } from "../plugins/staff-list";
import { audit } from "./audit";
import { emailPreviewRoutes } from "./email-preview-routes";

export const SENSITIVE_NOT_RESENT =
  "This message carried a sign-in code or link, so it is never resent: the person can ask for a new code.";

export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  staffList(app, outboxList, (query) => listOutbox(app.db, query));
  // What each template looks like, with sample data: the E-mail view's preview.
  await app.register(emailPreviewRoutes);

  app.post(
    "/api/admin/outbox/:id/resend",
    { schema: { params: idParam, response: { 200: EmailRequeuedSchema } } },
    async (request) => {
      const { id } = request.params;
      const outcome = await requeueEmail(app.db, id);
      if (outcome === "unknown") throw httpError(404, "No e-mail has that id.");
      if (outcome === "sensitive") throw httpError(409, SENSITIVE_NOT_RESENT);
      if (outcome === "not-failed") throw httpError(409, "Only a failed e-mail can be resent.");
      await audit(app.db, {
        actor: staffName(request),
        action: "email.resent",
        subject: String(id),
        ip: request.ip,
      });
      app.outbox.kick();
      return { id, status: "pending" as const };
    },
  );
};
