// "Text me about my application" on the enrollment forms (issue 34 point 3): the number every application gives is
// kept as typed and, when it is a mobile, in E.164 beside it; ticking the box asks for a mobile we may text (else the
// form is refused at the phone field), records the consent with its wording's version, the time and the IP address,
// and texts the number's code at once, in the application's own transaction.
import { TEXT_COUNTRY_NOT_ALLOWED_MESSAGE } from "../../shared/text-number";
import {
  type PhoneCheck,
  TEXT_CONSENT_VERSION,
  TEXT_NUMBER_STOPPED_MESSAGE,
  type TextChannel,
} from "../../shared/texts";
import { textConsents } from "../db/schema";
import type { Tx } from "../intake/submissions";
import { numberStopped, type TextContext } from "./applicant-texts";
import { phoneCheckToken, sendNumberCode } from "./number-codes";
import { inAllowedCountry, toMobileE164 } from "./phone-numbers";

/** The typed number's E.164 form when it is a mobile, and (for "Text me") why it cannot be texted, if it cannot. */
export function numberForTexts(
  typed: string | null | undefined,
  allowedCountries: readonly string[],
): { e164: string | null; problem: string | null } {
  const mobile = toMobileE164(typed ?? "");
  if ("problem" in mobile) return { e164: null, problem: mobile.problem };
  const allowed = inAllowedCountry(mobile.e164, allowedCountries);
  return { e164: mobile.e164, problem: allowed ? null : TEXT_COUNTRY_NOT_ALLOWED_MESSAGE };
}

/** The channel an application's texts go by: WhatsApp only while it is offered, else SMS. */
export const channelFor = (ctx: TextContext, asked: TextChannel | undefined): TextChannel =>
  asked === "whatsapp" && ctx.whatsappTemplates !== null ? "whatsapp" : "sms";

/** What the 201 says of texts: the code's step, or why no code went. */
export type TextsStarted = { phoneCheck: PhoneCheck } | { textNote: string } | Record<string, never>;

/**
 * The application asked for texts (its row already says so): its consent is recorded and its number's code texted.
 * Call in the application's transaction.
 */
export async function startApplicationTexts(
  tx: Tx,
  ctx: TextContext,
  codeKey: Buffer,
  application: { enrollmentId: number; channel: TextChannel; to: string; ip: string },
  now = new Date(),
): Promise<TextsStarted> {
  await tx.insert(textConsents).values({
    enrollmentId: application.enrollmentId,
    given: true,
    channel: application.channel,
    version: TEXT_CONSENT_VERSION,
    ip: application.ip,
    via: "form",
    at: now,
  });
  const sent = await sendNumberCode(tx, ctx, codeKey, application.enrollmentId, now);
  if (sent.sent) {
    return {
      phoneCheck: { token: phoneCheckToken(codeKey, application.enrollmentId, now), number: sent.number },
    };
  }
  if (await numberStopped(tx, application.to)) return { textNote: TEXT_NUMBER_STOPPED_MESSAGE };
  return {};
}
