// The kinds of text an applicant may get (issue 34 point 5), in one place: WhatsApp is offered only when each has an
// approved template, since a business may not send free text by WhatsApp outside the 24-hour window. Staff's one-off
// text ("one-off") is free text, so it always goes by SMS.
import { z } from "zod";

export const TEXT_KINDS = [
  "code",
  "held",
  "offer",
  "waitlist-offer",
  "confirmed",
  "course-reminder",
  "balance-reminder",
  "certificate",
] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** A Twilio content template's SID: HX and 32 hex digits. */
const CONTENT_SID = /^HX[0-9a-fA-F]{32}$/;

/**
 * TWILIO_WHATSAPP_TEMPLATES: "code=HX..., held=HX..." (commas, spaces around them allowed), parsed into a map by kind.
 * Unset or empty: no templates. An unknown kind, a repeated kind or a SID of another shape stops the boot.
 */
export const whatsappTemplatesSetting = z
  .string()
  .optional()
  .transform((value, context): Partial<Record<TextKind, string>> => {
    const templates: Partial<Record<TextKind, string>> = {};
    const entries = (value ?? "").split(",").map((entry) => entry.trim());
    for (const entry of entries.filter((e) => e !== "")) {
      const [kind = "", sid = "", ...extra] = entry.split("=").map((part) => part.trim());
      const issue = (message: string) => context.addIssue({ code: "custom", message });
      if (extra.length > 0 || sid === "") issue(`"${entry}" is not kind=HX...`);
      else if (!(TEXT_KINDS as readonly string[]).includes(kind)) {
        issue(`"${kind}" is not a kind of text (${TEXT_KINDS.join(", ")})`);
      } else if (!CONTENT_SID.test(sid)) issue(`the template of "${kind}" must be HX and 32 hex digits`);
      else if (templates[kind as TextKind]) issue(`"${kind}" is given twice`);
      else templates[kind as TextKind] = sid;
    }
    return templates;
  });

/** The kinds without a template. */
export function kindsWithoutTemplate(templates: Partial<Record<TextKind, string>>): TextKind[] {
  return TEXT_KINDS.filter((kind) => !templates[kind]);
}
