// How an intake is named and described on the staff screens: one title for headings, buttons and toasts, its
// status as a badge, and its fill in words.
import { formatFjd } from "@shared/money-format";
import { formatIntakeDates, type IntakeStatus, type StaffIntake } from "@shared/training";
import { courseTitle } from "@/features/staff/format";

/** "Basic RPAS Pilot, Suva": the card's heading. */
export const intakeHeading = (intake: Pick<StaffIntake, "courseType" | "location">) =>
  `${courseTitle(intake.courseType)}, ${intake.location}`;

/** "Basic RPAS Pilot, Suva, 2 March 2026 to 6 March 2026": names the intake wherever a button acts on it. */
export const intakeTitle = (intake: StaffIntake) => `${intakeHeading(intake)}, ${formatIntakeDates(intake)}`;

export const STATUS_BADGES: Record<
  IntakeStatus,
  { label: string; variant: "success" | "warning" | "outline" }
> = {
  open: { label: "Open", variant: "success" },
  closed: { label: "Closed", variant: "warning" },
  cancelled: { label: "Cancelled", variant: "outline" },
};

/** "FJD 1,500.00, deposit FJD 500.00" or just the fee. */
export function feeText(intake: Pick<StaffIntake, "feeCents" | "depositCents">): string {
  const fee = formatFjd(intake.feeCents);
  return intake.depositCents === null ? fee : `${fee}, deposit ${formatFjd(intake.depositCents)}`;
}

/** Seats taken: held, offered and confirmed places (waitlisted ones wait for one of these). */
export const seatsTaken = (intake: Pick<StaffIntake, "held" | "offered" | "confirmed">) =>
  intake.held + intake.offered + intake.confirmed;
