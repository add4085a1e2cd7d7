// app.sms: how this app sends text messages (Twilio when TWILIO_ACCOUNT_SID and its token are set, otherwise files
// under DATA_DIR/sms). Never null: a fresh install keeps every text. app.textOutbox: the worker that sends queued
// texts; only it sends, everything else queues with enqueueTexts. app.ts starts it with the e-mail outbox.
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { staffEmailAddress } from "../../settings/staff-notifications";
import type { TextContext } from "../../sms/applicant-texts";
import { noteTextCapReached } from "../../sms/staff-texts";
import { type IntegrationOptions, integrationPlugin } from "../require-integration";
import { createFileSms } from "./file-sms";
import type { SmsProvider } from "./sms-provider";
import { createTextOutboxWorker, type TextOutboxWorker } from "./text-outbox";
import { twilioCallbackUrl } from "./twilio-signature";
import { createTwilioSms } from "./twilio-sms";
import { whatsappTemplates } from "./whatsapp-templates";

declare module "fastify" {
  interface FastifyInstance {
    sms: SmsProvider;
    textOutbox: TextOutboxWorker;
    /** What every text about an application needs (server/sms/applicant-texts.ts). */
    textContext: TextContext;
  }
}

/** Where Twilio reports delivery of each text. */
export const SMS_STATUS_PATH = "/api/sms/status";

export function smsProviderFromEnv(env: Env): SmsProvider {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN) {
    return createTwilioSms({
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
      whatsappFrom: env.TWILIO_WHATSAPP_FROM,
      apiBaseUrl: env.TWILIO_API_URL,
    });
  }
  return createFileSms({ dataDir: env.DATA_DIR });
}

const smsClient = integrationPlugin("sms", smsProviderFromEnv);

const textMessages: FastifyPluginAsync<IntegrationOptions<SmsProvider>> = async (app, options) => {
  await app.register(smsClient, options);
  app.decorate("textContext", {
    publicUrl: app.env.PUBLIC_URL,
    whatsappTemplates: whatsappTemplates(app.env, app.log),
  });
  app.decorate(
    "textOutbox",
    createTextOutboxWorker(app.db, app.sms, app.log, {
      allowedCountries: app.env.SMS_ALLOWED_COUNTRIES,
      dailySegmentCap: app.env.SMS_DAILY_SEGMENT_CAP,
      // Only Twilio reports delivery; the file adapter has nothing to report.
      statusCallback:
        app.sms.kind === "twilio" ? twilioCallbackUrl(app.env.PUBLIC_URL, SMS_STATUS_PATH) : undefined,
      // Staff are told once a Fiji day, whichever instance sees the cap first; the e-mail outbox is decorated later.
      onCapReached: async (at) => {
        const context = {
          cap: app.env.SMS_DAILY_SEGMENT_CAP,
          publicUrl: app.env.PUBLIC_URL,
          staffEmail: (tx: Pick<Db, "select">) => staffEmailAddress(tx, app.env),
        };
        if (await noteTextCapReached(app.db, context, at)) app.outbox.kick();
      },
    }),
  );
};

export default fp(textMessages, { name: "text-messages" });
