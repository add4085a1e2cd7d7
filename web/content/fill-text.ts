// Words the owner edits may name the company and its city ("{company} is a CAAF certified..."): filled in when the
// text is shown, so a later change of the company's details is seen without editing the text again (ADR 058).
import { COMPANY } from "@shared/company";

export const TEXT_PLACEHOLDERS = {
  "{company}": () => COMPANY.name,
  "{city}": () => COMPANY.address.city,
} as const;

export function fillText(text: string): string {
  return text.replace(/\{company\}|\{city\}/g, (name) =>
    TEXT_PLACEHOLDERS[name as keyof typeof TEXT_PLACEHOLDERS](),
  );
}
