// app.mailer: how this app sends e-mail (SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/outbox).
// Never null: a fresh install keeps every message. Only the outbox worker sends; everything else queues.
import fp from "fastify-plugin";
import { createMailer, type Mailer } from "./mailer";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  /** Stands in for the mailer the environment would give (tests, benchmarks). */
  client?: Mailer;
}

export default fp<MailerPluginOptions>(
  async (app, options) => {
    const { SMTP_URL, DATA_DIR, MAIL_FROM } = app.env;
    app.decorate(
      "mailer",
      options.client ?? createMailer({ smtpUrl: SMTP_URL, dataDir: DATA_DIR, from: MAIL_FROM }),
    );
  },
  { name: "mailer" },
);
