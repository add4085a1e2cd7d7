import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { AntiSpamFields, looksLikeSpam, spamSignal } from "../../shared/anti-spam";
import { REPLY_WITHIN_HOURS } from "../../shared/constants";
import { ContactSchema } from "../../shared/contact";
import { ContactCreatedSchema } from "../../shared/contracts/intake";
import { contactMessages } from "../db/schema";
import { publicWriteLimit } from "../plugins/public-write";
import { contactNotification } from "./emails";
import { submitOnce } from "./submissions";

const BodySchema = z.object({ ...ContactSchema.shape, ...AntiSpamFields });

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/contacts",
    { schema: { body: BodySchema, response: { 201: ContactCreatedSchema } }, config: publicWriteLimit(app) },
    (request, reply) =>
      submitOnce(app, request, reply, async (tx) => {
        const { website, formElapsedMs, formStartedAt: _ignored, ...contact } = request.body;
        const isSpam = looksLikeSpam({ website, formElapsedMs });
        const spamReason = spamSignal({ website, formElapsedMs });
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...contact, organization: contact.organization ?? null, isSpam, spamReason })
          .returning({ id: contactMessages.id });
        const id = row?.id ?? 0;
        const staff = app.env.STAFF_EMAIL;
        return {
          status: 201,
          body: {
            message: `Thank you, ${contact.firstName}. We will reply within ${REPLY_WITHIN_HOURS} hours.`,
          },
          emails: !isSpam && staff ? [contactNotification(contact, staff, id)] : [],
        };
      }),
  );
};
