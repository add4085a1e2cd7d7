// The enrollment page's "Upcoming dates" card (docs/product.md, Enrollment pages). It starts as the live slot the
// server filled when it served the page (ADR 029), adopted as it is. Once an intake is chosen in the form, or the
// form's list of intakes was refreshed (after a send), the card shows the form's list instead: its seats left are
// the select's and refresh with it, and it marks the chosen intake.
import type { CourseType } from "@shared/constants";
import type { PublicIntake } from "@shared/training";
import { useQuery } from "@tanstack/react-query";
import { useRef, useSyncExternalStore } from "react";
import { FetchedIntakes } from "@/features/schedule/fetched-intakes";
import { SlotContent } from "@/features/schedule/intake-list";
import { intakesFor, type LiveSlot } from "@/features/schedule/live-slots";
import { NextIntakes } from "@/features/schedule/next-intakes";
import { intakesQuery, useChosenIntake } from "./chosen-intake";

const HEADING = "Upcoming dates";

const noChange = () => () => {};
/** False while hydrating (the served HTML is kept as it is), true once the page is the browser's. */
const useHydrated = () =>
  useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );

export function EnrollIntakes({ course }: { course: CourseType }) {
  const slot: LiveSlot = `next-${course}`;
  const hydrated = useHydrated();
  // Never fetched from here: the form's select fetches (and refetches after a send), the card follows its data.
  const live = useQuery<PublicIntake[]>({ ...intakesQuery(course), enabled: false });
  const chosen = useChosenIntake(course);
  // The list the form first fetched is the served one; a later one (after a send) is news. Once followed, for good.
  const firstFetch = useRef<number | null>(null);
  if (live.data && firstFetch.current === null) firstFetch.current = live.dataUpdatedAt;
  const refreshed = firstFetch.current !== null && live.dataUpdatedAt > firstFetch.current;
  const following = useRef(false);
  following.current ||= hydrated && live.data !== undefined && (chosen !== null || refreshed);
  if (!following.current || !live.data) {
    return (
      <NextIntakes
        course={course}
        heading="h2"
        headingText={HEADING}
        fallback={<FetchedIntakes slot={slot} />}
      />
    );
  }
  const next = intakesFor(slot, live.data);
  // An intake chosen beyond the next few is shown too, so the card always says the chosen one's seats.
  const beyond = next.some((intake) => intake.id === chosen)
    ? []
    : live.data.filter((intake) => intake.id === chosen && intake.availability !== "full");
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-900">{HEADING}</h2>
      <SlotContent slot={slot} intakes={[...next, ...beyond]} current={chosen} />
    </div>
  );
}
