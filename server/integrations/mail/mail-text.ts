// The one way e-mail text is written. A template literal prints whatever it is given: a function left uncalled once
// sent customers its source code where the signature belongs, an object prints "[object Object]" and a missing value
// "undefined". `mailText` takes only strings and numbers, so `tsc` refuses anything else (Biome has no type-aware
// rule for this), and an optional value has to be dealt with where it is written (`?? ""`, or a line of its own).
// EmailMessage takes its subject and text only as MailText, so no e-mail can be written another way; all-emails.test.ts
// renders every one of them as a mail program shows it.
declare const written: unique symbol;

/** Text that `mailText` wrote: only strings and numbers went into it. */
export type MailText = string & { readonly [written]: true };

export function mailText(strings: TemplateStringsArray, ...values: readonly (string | number)[]): MailText {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += String(value) + (strings[i + 1] ?? "");
  });
  return text as MailText;
}
