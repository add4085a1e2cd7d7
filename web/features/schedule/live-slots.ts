// The places in a page where the server puts the current intakes when it serves the page (ADR 029): each slot's
// name says which intakes it shows, and the browser and the server pick them with the same function.
import { COURSE_TYPES, type CourseType } from "@shared/constants";
import type { PublicIntake } from "@shared/training";

/** How many of a course's next open intakes the landing, service and enrollment pages show. */
export const NEXT_INTAKES = 3;

/** "all": the whole schedule (/schedule); "next-basic" etc.: a course's next open intakes. */
export type LiveSlot = "all" | `next-${CourseType}`;

export function isLiveSlot(name: string): name is LiveSlot {
  return name === "all" || COURSE_TYPES.some((course) => name === `next-${course}`);
}

/** The intakes a slot shows, from the public schedule (GET /api/intakes, soonest first). */
export function intakesFor(slot: LiveSlot, schedule: readonly PublicIntake[]): PublicIntake[] {
  if (slot === "all") return [...schedule];
  const course = slot.slice("next-".length);
  return schedule
    .filter((intake) => intake.courseType === course && intake.availability !== "full")
    .slice(0, NEXT_INTAKES);
}
