// The joining instructions as the e-mails write them (docs/product.md, "Joining instructions"): the hours, venue and
// map link as "Label: value" lines that sit in the e-mail's details table, and what to bring as a list. A venue or
// map link not given yet is left out, not shown blank.
import {
  addressOnOneLine,
  formatDailyHours,
  type JoiningInstructions,
  whatToBringItems,
} from "../../shared/joining";
import { type MailText, mailText } from "../integrations/mail/mail-text";

/** "\nVenue: ...\nMap: ...": the lines of those given, to follow a "Label: value" line. */
export function venueDetails(intake: Pick<JoiningInstructions, "venueAddress" | "mapUrl">): MailText {
  const venue = addressOnOneLine(intake.venueAddress);
  return mailText`${venue ? mailText`\nVenue: ${venue}` : ""}${intake.mapUrl ? mailText`\nMap: ${intake.mapUrl}` : ""}`;
}

/** "\nHours: 8:30 am to 4:30 pm each day (Fiji time)\nVenue: ...\nMap: ...": lines to follow a "Course: ..." line. */
export function joiningDetails(intake: JoiningInstructions): MailText {
  return mailText`\nHours: ${formatDailyHours(intake)} each day (Fiji time)${venueDetails(intake)}`;
}

/** "\n\nWhat to bring:\n- ...": a block of its own, or nothing when the intake lists nothing. */
export function whatToBringBlock(intake: JoiningInstructions): MailText {
  const items = whatToBringItems(intake.whatToBring);
  if (items.length === 0) return mailText``;
  return mailText`\n\nWhat to bring:\n${items.map((item) => mailText`- ${item}`).join("\n")}`;
}
