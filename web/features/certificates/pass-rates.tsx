// Pass rates per intake, newest first: how many confirmed trainees passed, were not yet competent or withdrew. It
// heads the Certificates view, where staff come after an intake has run (the dashboard's overview is about
// enrollments coming in); the newest few intakes show, the rest on request.
import { formatIntakeDates } from "@shared/calendar-dates";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { courseTitle } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { certificateQueries, type PassRate } from "./api";

const SHOWN_FIRST = 5;

/** Passed out of every confirmed trainee of the intake, in whole percent. */
export const passRateText = ({ passed, trainees }: Pick<PassRate, "passed" | "trainees">) =>
  trainees === 0 ? "No trainees" : `${Math.round((100 * passed) / trainees)}%`;

const figure = (heading: string, cell: (rate: PassRate) => number | string) => ({
  heading,
  className: CELL.strong,
  cell,
});

const TABLE: TableSpec<PassRate> = {
  label: "Pass rates",
  caption: "Pass rates per intake with results, newest first",
  rowKey: (rate) => rate.intakeId,
  columns: [
    {
      heading: "Course",
      rowHeader: true,
      className: CELL.strong,
      cell: (rate) => courseTitle(rate.courseType),
    },
    { heading: "Dates", className: CELL.nowrap, cell: (rate) => formatIntakeDates(rate) },
    { heading: "Place", className: CELL.text, cell: (rate) => rate.location },
    figure("Trainees", (rate) => rate.trainees),
    figure("Passed", (rate) => rate.passed),
    figure("Not yet competent", (rate) => rate.notYetCompetent),
    figure("Withdrew", (rate) => rate.withdrew),
    figure("Pass rate", passRateText),
  ],
};

export function PassRates() {
  const rates = useQuery(certificateQueries.passRates());
  const [all, setAll] = useState(false);
  const rows = rates.data ?? [];
  return (
    <section aria-labelledby="pass-rates-title" className="grid gap-3">
      <div>
        <h3 id="pass-rates-title" className="text-lg font-semibold text-slate-900">
          Pass rates by intake
        </h3>
        <p className="text-sm text-slate-600">
          Passed out of the intake's confirmed trainees. Intakes appear once a result is recorded.
        </p>
      </div>
      <ListStatus
        isPending={rates.isPending}
        isError={rates.isError}
        isEmpty={rows.length === 0}
        noun="pass rates"
        emptyText="No intake has results yet."
        onRetry={() => rates.refetch()}
      />
      {rows.length > 0 && <StaffTable spec={TABLE} rows={all ? rows : rows.slice(0, SHOWN_FIRST)} />}
      {rows.length > SHOWN_FIRST && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setAll(!all)}>
          {all ? "Show the newest only" : `Show all ${rows.length} intakes`}
        </Button>
      )}
    </section>
  );
}
