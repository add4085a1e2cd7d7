// The text of a text message (issue 34 point 5). An SMS in the GSM-7 alphabet carries 160 characters (153 per part
// when split); a single character outside it switches the whole message to UCS-2 and 70 (67) characters, which
// doubles or triples the parts a person receives and the business pays for. So messages are written in GSM-7:
// typographic quotes, dashes, ellipses and odd spaces (which templates, phones and name fields produce) become their
// plain GSM-7 forms, and a name that still falls outside it (Mākereta) is left out of the text rather than spoiling
// its encoding. Segment counts follow the encoders: an extension character (€, [, ...) takes two septets and is never
// split across parts, nor is a UTF-16 surrogate pair.

import { gsmReplace, isGsm7, type SmsSize, segments } from "../../shared/sms-text";

// The alphabet, the replacements and the part count live in shared/sms-text.ts (the staff dialog counts parts too).
export {
  gsmReplace,
  isGsm7,
  REPLACEABLE,
  type SmsEncoding,
  type SmsSize,
  segments,
} from "../../shared/sms-text";

/** The name as it can go in a text (typographic characters replaced), or null when it is not wholly GSM-7. */
export function gsmName(name: string): string | null {
  const replaced = gsmReplace(name).replace(/\s+/g, " ").trim();
  return replaced !== "" && isGsm7(replaced) ? replaced : null;
}

/** Throws unless the text is GSM-7 and fits in maxSegments parts; every kind of text is held to this in tests. */
export function assertFits(text: string, maxSegments = 2): SmsSize {
  const size = segments(text);
  if (size.encoding !== "GSM-7") throw new Error("The text is not wholly GSM-7.");
  if (size.segments > maxSegments) {
    throw new Error(
      `The text takes ${size.segments} SMS parts (${size.units} characters); at most ${maxSegments}.`,
    );
  }
  return size;
}
