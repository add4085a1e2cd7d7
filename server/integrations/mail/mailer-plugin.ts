// app.mailer: how this app sends e-mail (SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/outbox).
// Never null: a fresh install keeps every message. Only the outbox worker sends; everything else queues.

import { integrationPlugin } from "../require-integration";
import { createMailer, type Mailer } from "./mailer";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default integrationPlugin("mailer", (env) =>
  createMailer({
    smtpUrl: env.SMTP_URL,
    dataDir: env.DATA_DIR,
    from: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
  }),
);
