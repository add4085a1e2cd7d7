// The dashboard's Intakes view: every upcoming intake (or every intake ever) of one course or all, soonest first,
// with its fill, its places and its class roster; staff create, edit, close, reopen and cancel intakes here.
import { COURSE_TYPES, type CourseType } from "@shared/constants";
import { fijiToday } from "@shared/fiji-time";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FilterSelect } from "@/features/staff/filter-select";
import { courseTitle } from "@/features/staff/format";
import { ItemList } from "@/features/staff/item-list";
import { ListStatus } from "@/features/staff/list-status";
import { StaffSection } from "@/features/staff/staff-section";
import { IntakeCard } from "./intake-card";
import { IntakeDialog } from "./intake-dialog";
import { IntakesCalendar } from "./intakes-calendar";
import { usePlaceLink } from "./place-link";
import { trainingQueries } from "./staff-api";

type CourseFilter = CourseType | "all";

const COURSE_FILTERS: readonly { value: CourseFilter; label: string }[] = [
  { value: "all", label: "All courses" },
  ...COURSE_TYPES.map((type) => ({ value: type, label: courseTitle(type) })),
];

export function IntakesPanel() {
  const [course, setCourse] = useState<CourseFilter>("all");
  const [all, setAll] = useState(false);
  const [layout, setLayout] = useState<"list" | "calendar">("list");
  const list = useQuery({
    ...trainingQueries.intakes({ course: course === "all" ? undefined : course, all }),
    placeholderData: (previous) => previous,
  });
  const items = list.data ?? [];
  // "Open place" names a place of an intake that may be past or cancelled, or of another course: show it too.
  const linked = usePlaceLink();
  const linkedMissing =
    linked !== null && list.isSuccess && !items.some((intake) => intake.id === linked.intakeId);
  useEffect(() => {
    if (!linkedMissing) return;
    setCourse("all");
    setAll(true);
    setLayout("list");
  }, [linkedMissing]);

  return (
    <StaffSection id="intakes" title="Intakes" aside={<IntakeDialog />}>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <FilterSelect
          id="intakes-course"
          label="Course"
          value={course}
          options={COURSE_FILTERS}
          onChange={setCourse}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={all}
            onChange={(event) => setAll(event.target.checked)}
          />
          Include past and cancelled intakes
        </label>
        <fieldset className="flex gap-1 sm:ml-auto">
          <legend className="sr-only">Show intakes as</legend>
          {(["list", "calendar"] as const).map((choice) => (
            <Button
              key={choice}
              size="sm"
              variant={layout === choice ? "default" : "outline"}
              aria-pressed={layout === choice}
              onClick={() => setLayout(choice)}
            >
              {choice === "list" ? "List" : "Month calendar"}
            </Button>
          ))}
        </fieldset>
      </div>
      <p className="text-sm text-slate-600">
        Dates are Fiji calendar days. A seat is taken by a place that is held (waiting for review), offered
        (waiting for payment) or confirmed; the waitlist queues behind them.
      </p>
      <ListStatus
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={items.length === 0}
        noun="intakes"
        emptyText={all ? "No intakes yet." : "No upcoming intakes. Create one with New intake."}
        onRetry={() => list.refetch()}
      />
      {items.length > 0 && layout === "calendar" && <IntakesCalendar intakes={items} today={fijiToday()} />}
      {items.length > 0 && layout === "list" && (
        <ItemList
          label="Intakes"
          items={items}
          stale={list.isPlaceholderData}
          renderItem={(intake) => <IntakeCard intake={intake} />}
        />
      )}
    </StaffSection>
  );
}
