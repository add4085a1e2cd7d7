// The GSM-7 alphabet and SMS parts (issue 34 point 5), shared so the staff's one-off text dialog counts parts as the
// server does. An SMS in the GSM-7 alphabet carries 160 characters (153 per part when split); a single character
// outside it switches the whole message to UCS-2 and 70 (67) characters. Typographic quotes, dashes, ellipses and odd
// spaces become their plain GSM-7 forms. Segment counts follow the encoders: an extension character (€, [, ...) takes
// two septets and is never split across parts, nor is a UTF-16 surrogate pair. No dependencies: the browser bundles it.

export type SmsEncoding = "GSM-7" | "UCS-2";
export type SmsSize = { encoding: SmsEncoding; segments: number; units: number };

// 3GPP TS 23.038 basic character set (without the escape to the extension table, which is not a character).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
// The extension table: each is sent as escape + character, so it counts as two septets. (Form feed is left out:
// it has no place in a message.)
const GSM_EXTENSION = "^{}\\[~]|€";

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

// What phones, word processors and name fields put where a plain GSM-7 character would do.
const REPLACEMENTS: Record<string, string> = {
  "\u2018": "'", // ‘
  "\u2019": "'", // ’ (also the typographic apostrophe: O’Brien)
  "\u201a": "'", // ‚
  "\u201b": "'", // ‛
  "\u2032": "'", // ′
  "\u02bc": "'", // ʼ modifier letter apostrophe
  "`": "'",
  "\u00b4": "'", // ´
  "\u201c": '"', // “
  "\u201d": '"', // ”
  "\u201e": '"', // „
  "\u201f": '"', // ‟
  "\u2033": '"', // ″
  "\u00ab": '"', // «
  "\u00bb": '"', // »
  "\u2010": "-", // hyphen
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "-", // figure dash
  "\u2013": "-", // en dash
  "\u2014": "-", // em dash
  "\u2015": "-", // horizontal bar
  "\u2212": "-", // minus sign
  "\u2026": "...", // …
  "\u00a0": " ", // non-breaking space
  "\u2007": " ", // figure space
  "\u2009": " ", // thin space
  "\u202f": " ", // narrow non-breaking space (Intl puts it in times: "8:00 am")
  "\t": " ",
  "\u200b": "", // zero-width space
  "\u2060": "", // word joiner
  "\ufeff": "", // byte-order mark
};
export const REPLACEABLE = Object.keys(REPLACEMENTS).join("");

/** Whether every character of the text is in GSM-7 (basic set or extension table). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return false;
  return true;
}

/** The text with typographic characters replaced by GSM-7 ones; other characters are left as they are. */
export function gsmReplace(text: string): string {
  // NFC first, so an é typed as e + combining accent is the GSM-7 é it looks like.
  let out = "";
  for (const char of text.normalize("NFC")) out += REPLACEMENTS[char] ?? char;
  return out;
}

/** The encoding a text is sent in, its length in that encoding's units, and the parts it is sent as. */
export function segments(text: string): SmsSize {
  const gsm = isGsm7(text);
  const sizes: number[] = [];
  for (const char of text) sizes.push(gsm ? (extension.has(char) ? 2 : 1) : char.length);
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const [single, perPart] = gsm ? [160, 153] : [70, 67];
  if (units <= single) return { encoding: gsm ? "GSM-7" : "UCS-2", segments: 1, units };
  // Fill parts in order; a character that does not fit whole in a part starts the next one.
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding: gsm ? "GSM-7" : "UCS-2", segments: parts, units };
}
