// What an enrollment page's form and its "Upcoming dates" card share: the course's open intakes (one query, so the
// card's seats left are the select's, refreshed with it after a send) and the intake chosen in the form, which the
// card marks. Kept apart from the form's module so the card needs none of the form's code.
import type { CourseType } from "@shared/constants";
import { useSyncExternalStore } from "react";

export function intakesQuery(course: CourseType) {
  return { queryKey: [`/api/intakes?course=${course}`] };
}

let chosen: Partial<Record<CourseType, string>> = {};
const listeners = new Set<() => void>();

/** Says which intake the form of `course` has chosen now ("" for any upcoming date). */
export function setChosenIntake(course: CourseType, intakeId: string): void {
  if (chosen[course] === intakeId) return;
  chosen = { ...chosen, [course]: intakeId };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The intake the form of `course` has chosen, as an id; null for none (or before the form ran). */
export function useChosenIntake(course: CourseType): number | null {
  const id = useSyncExternalStore(
    subscribe,
    () => chosen[course] ?? "",
    () => "",
  );
  return id === "" ? null : Number(id);
}
