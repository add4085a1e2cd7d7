// The number's confirmation step after an application with "Text me" ticked (issue 34): what
// POST /api/texts/confirm-number and /api/texts/resend-code answer, and the sentences the enrollment page and the
// page after a post without script show. The requests' schemas are in shared/texts.ts.
import * as z from "zod/mini";

export const TEXT_NUMBER_CONFIRMED_MESSAGE = "Your number is confirmed: texts about your application are on.";
export const TEXT_CODE_TOO_SOON_MESSAGE =
  "A code went to this number less than a minute ago. Wait a minute, then ask for a new one.";
export const TEXT_CODE_NOT_SENT_MESSAGE =
  "We cannot text this application's number now. Change it or turn texts on at My training.";
export const TEXT_CHECK_EXPIRED_MESSAGE =
  "This confirmation step has expired. Turn texts on again at My training to get a new code.";
/** A number that cannot be texted from this site: its country is not among those we text. */
export const TEXT_COUNTRY_NOT_ALLOWED_MESSAGE =
  'We cannot send texts to numbers in that country. Give another mobile number, or untick "Text me about my application".';

/** POST /api/texts/confirm-number, 200. */
export const NumberConfirmedSchema = z.object({ confirmed: z.literal(true), message: z.string() });
/** POST /api/texts/resend-code, 200: the masked number the new code went to. */
export const CodeResentSchema = z.object({ number: z.string() });
