// Twilio's delivery reports for texts (issue 34): POST /api/sms/status, form-encoded, as the worker asks for with
// statusCallback. Called by Twilio's servers, not a browser, so it is exempt from the Origin check
// (CSRF_EXEMPT_ROUTES); X-Twilio-Signature authenticates it instead, over PUBLIC_URL and the path (never the Host
// header, which the caller picks) and the parameters. Anything unsigned or forged is refused with 403, and so is
// everything while Twilio is not configured (there is no token to check against). A signed report of an unknown
// message is answered 204 like any other: Twilio has nothing to retry. Numbers in the report are never logged.
import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { textOutbox } from "../../db/schema";
import { SMS_STATUS_PATH } from "./sms-plugin";
import { parseTwilioForms, requireTwilioSignature } from "./twilio-webhook";

/** Twilio's statuses after which nothing more happens to a message. */
const FINAL_STATUSES = ["delivered", "undelivered", "failed", "read"];

export const SMS_STATUS_FORBIDDEN_MESSAGE = "This delivery report is not signed by Twilio.";

/** Twilio's form parameters (MessageSid, MessageStatus, To, ...): all of them count in the signature. */
const StatusReportSchema = z.record(z.string(), z.string());

export const smsStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's own scope: only this route reads form bodies this way (every parameter counts in the signature).
  parseTwilioForms(app);
  app.post(SMS_STATUS_PATH, { schema: { body: StatusReportSchema } }, async (request, reply) => {
    const params = request.body;
    requireTwilioSignature(app, request, params, SMS_STATUS_FORBIDDEN_MESSAGE);
    const sid = params.MessageSid;
    const status = params.MessageStatus;
    if (sid && status) {
      const updated = await app.db
        .update(textOutbox)
        .set({ deliveryStatus: status.slice(0, 20) })
        // Reports may arrive out of order: a late "sent" never replaces a final "delivered" or "undelivered".
        .where(
          and(
            eq(textOutbox.providerId, sid),
            or(
              isNull(textOutbox.deliveryStatus),
              notInArray(textOutbox.deliveryStatus, FINAL_STATUSES),
              inArray(sql`${status}`, FINAL_STATUSES),
            ),
          ),
        )
        .returning({ id: textOutbox.id });
      request.log.info({ textId: updated[0]?.id ?? null, deliveryStatus: status }, "sms status");
    }
    return reply.code(204).send();
  });
};
