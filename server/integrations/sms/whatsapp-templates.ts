// Whether texts may go by WhatsApp (issue 34 point 2): only through Twilio, from a WhatsApp sender, and with an
// approved template for every kind of text, so no applicant who chose WhatsApp misses a kind. Otherwise their
// choice falls back to SMS and the form says so. A partial configuration is a mistake worth a warning at boot
// (naming the kinds, never a secret).
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../../env";
import { kindsWithoutTemplate } from "../../sms/text-kinds";

/** The content SIDs by kind when WhatsApp is offered; else null. */
export function whatsappTemplates(
  env: Pick<
    Env,
    "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_WHATSAPP_FROM" | "TWILIO_WHATSAPP_TEMPLATES"
  >,
  log: Pick<FastifyBaseLogger, "warn">,
): Readonly<Record<string, string>> | null {
  const templates = env.TWILIO_WHATSAPP_TEMPLATES;
  const given = Object.keys(templates).length;
  const missing = kindsWithoutTemplate(templates);
  if (given > 0 && missing.length > 0) {
    log.warn(
      { missing },
      "WhatsApp is not offered: TWILIO_WHATSAPP_TEMPLATES has no template for some kinds of text; they go by SMS",
    );
    return null;
  }
  const twilio = env.TWILIO_ACCOUNT_SID !== undefined && env.TWILIO_AUTH_TOKEN !== undefined;
  if (given > 0 && (!twilio || !env.TWILIO_WHATSAPP_FROM)) {
    log.warn(
      "WhatsApp is not offered: its templates are set but not TWILIO_WHATSAPP_FROM and Twilio's account",
    );
    return null;
  }
  return given > 0 ? Object.freeze({ ...templates }) : null;
}
