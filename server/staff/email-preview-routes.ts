// Staff preview every e-mail template in the dashboard's E-mail view, each of its cases filled with the sample data
// the tests send (server/integrations/mail/samples.ts: made-up people, codes and links), composed as the mailer
// would send it now: the same HTML part, sender, reply address and files. Behind the staff guard like the queue.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EMAIL_PREVIEWS_PATH,
  EmailPreviewListSchema,
  EmailPreviewParamsSchema,
  EmailPreviewSchema,
} from "../../shared/contracts/outbox";
import { addressing, senderAddress } from "../integrations/mail/mailer";
import { type SampleEmail, sampleEmails } from "../integrations/mail/samples";
import { httpError } from "../plugins/errors";

const itemOf = (sample: SampleEmail) => ({
  id: sample.id,
  template: sample.template,
  variant: sample.variant,
  subject: sample.message.subject,
  sensitive: sample.message.sensitive ?? false,
});

export const emailPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(EMAIL_PREVIEWS_PATH, { schema: { response: { 200: EmailPreviewListSchema } } }, async () => {
    // The templates' words use the company details: the ones Settings hold now.
    await app.siteDetails.current();
    return { items: sampleEmails().map(itemOf) };
  });

  app.get(
    `${EMAIL_PREVIEWS_PATH}/:id`,
    { schema: { params: EmailPreviewParamsSchema, response: { 200: EmailPreviewSchema } } },
    async (request) => {
      await app.siteDetails.current();
      const sample = sampleEmails().find((one) => one.id === request.params.id);
      if (!sample) throw httpError(404, "No e-mail template has that name.");
      const { message } = sample;
      const { from, replyTo } = addressing(message, senderAddress(app.env.MAIL_FROM));
      const { renderEmailHtml } = await import("../integrations/mail/email-html");
      return {
        ...itemOf(sample),
        from: `${from.name} <${from.address}>`,
        to: message.to,
        replyTo,
        listUnsubscribe: message.headers?.["List-Unsubscribe"] ?? null,
        attachments: (message.attachments ?? []).map(({ filename, contentType }) => ({
          filename,
          contentType,
        })),
        text: message.text,
        html: await renderEmailHtml(message, app.env.PUBLIC_URL),
      };
    },
  );
};
