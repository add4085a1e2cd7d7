// How staff read a place's state: what it is, until when, and (on the waitlist) in which position; and what it has
// paid. The places list and the class roster both say it this way.
import { formatFjd } from "@shared/money-format";
import type { StaffPlace } from "@shared/training";
import { formatFijiDateTime } from "@/features/staff/format";

/** A place with the words for its state (the waitlist position needs the whole list). */
export type PlaceRow = StaffPlace & { stateText: string };

/** Places that count against the intake's seats, as the class roster lists them. */
export const SEATED_STATES: readonly StaffPlace["state"][] = ["confirmed", "offered", "held"];

/**
 * The waitlist position of each waitlisted place, by id. The list comes in the order places were taken, which is
 * the waitlist's order too.
 */
export function waitlistPositions(places: readonly StaffPlace[]): Map<number, number> {
  const positions = new Map<number, number>();
  for (const place of places) {
    if (place.state === "waitlisted") positions.set(place.id, positions.size + 1);
  }
  return positions;
}

/** e.g. "Offered, pay by 4 Mar 2026, 2:05 pm", "Waitlisted, position 2", "Confirmed". */
export function placeStateText(place: StaffPlace, position?: number): string {
  switch (place.state) {
    case "held":
      if (place.addressConfirmedAt) {
        return place.addressConfirmedVia === "text" ? "Held, confirmed by phone" : "Held, address confirmed";
      }
      return place.holdExpiresAt ? `Held until ${formatFijiDateTime(place.holdExpiresAt)}` : "Held";
    case "offered":
      return place.offerExpiresAt ? `Offered, pay by ${formatFijiDateTime(place.offerExpiresAt)}` : "Offered";
    case "confirmed":
      return "Confirmed";
    case "waitlisted":
      return position ? `Waitlisted, position ${position}` : "Waitlisted";
    case "declined":
      return "Declined";
    case "lapsed":
      return "Lapsed";
    default:
      return "Cancelled";
  }
}

/** What the roster says of a place's money: "Paid in full", "Paid FJD 100.00, FJD 1,200.00 due", "FJD 300.00 due". */
export function paymentText(place: Pick<StaffPlace, "state" | "paidCents" | "dueCents">): string {
  if (place.dueCents === 0) return place.paidCents > 0 ? "Paid in full" : "Nothing to pay";
  const due = `${formatFjd(place.dueCents)} due`;
  const owed = place.state === "held" ? `${due} once offered` : due;
  return place.paidCents > 0 ? `Paid ${formatFjd(place.paidCents)}, ${owed}` : owed;
}
