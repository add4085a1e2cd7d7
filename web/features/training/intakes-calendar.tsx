// The intakes as a month calendar (Fiji calendar days, weeks from Monday): each day lists the intakes running then,
// with their place and fill, so staff see at a glance which weeks are busy. A plain table, read row by row.
import { addDays, formatCalendarDate } from "@shared/training";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { intakeHeading, seatsTaken } from "./intake-text";
import type { StaffIntake } from "./staff-api";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const CHIP = {
  open: "border-green-700 bg-green-50 text-green-900",
  closed: "border-sun-400 bg-amber-50 text-slate-900",
  cancelled: "border-slate-300 bg-slate-50 text-slate-600 line-through",
} as const;

/** "2026-03" from "2026-03-14". */
const monthOf = (date: string) => date.slice(0, 7);

function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + by, 1)).toISOString().slice(0, 7);
}

/** The weeks (Monday to Sunday) that show `month`, each day as "YYYY-MM-DD". */
function weeksOf(month: string): string[][] {
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  let day = addDays(first, -weekday);
  const weeks: string[][] = [];
  while (weeks.length === 0 || monthOf(day) === month) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

export function IntakesCalendar({ intakes, today }: { intakes: readonly StaffIntake[]; today: string }) {
  const [month, setMonth] = useState(() => monthOf(intakes[0]?.startDate ?? today));
  const title = formatCalendarDate(`${month}-01`).replace(/^1 /, "");
  const running = (day: string) =>
    intakes.filter((intake) => intake.startDate <= day && day <= intake.endDate);

  return (
    <Card className="grid grid-cols-1 gap-3 p-4">
      {/* On a phone the month's name takes the first line and the two buttons the next. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button size="sm" variant="outline" onClick={() => setMonth(shiftMonth(month, -1))}>
          <ChevronLeft aria-hidden="true" />
          Previous month
        </Button>
        <h3
          className="order-first basis-full text-center text-lg font-semibold text-slate-900 sm:order-none sm:basis-auto"
          aria-live="polite"
        >
          {title}
        </h3>
        <Button size="sm" variant="outline" onClick={() => setMonth(shiftMonth(month, 1))}>
          Next month
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {/* Focusable so keyboard users can scroll the month sideways on a narrow screen. */}
      <Card
        role="region"
        aria-label={`Calendar of ${title}`}
        tabIndex={0}
        className="relative overflow-x-auto rounded-md border-0 shadow-none"
      >
        <table className="w-full min-w-[42rem] table-fixed border-collapse text-left text-xs">
          <caption className="sr-only">Intakes in {title}, one row a week</caption>
          <thead>
            <tr>
              {WEEKDAYS.map((name) => (
                <th key={name} scope="col" className="px-1.5 py-1 font-semibold uppercase text-slate-600">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeksOf(month).map((week) => (
              <tr key={week[0]}>
                {week.map((day) => (
                  <td
                    key={day}
                    className={cn(
                      "h-20 border border-slate-200 p-1.5 align-top",
                      monthOf(day) !== month && "bg-slate-50 text-slate-500",
                    )}
                  >
                    <span className={cn("font-semibold", day === today && "text-brand-700 underline")}>
                      {Number(day.slice(8))}
                      {day === today && <span className="sr-only"> (today)</span>}
                    </span>
                    <ul className="mt-1 grid gap-1">
                      {running(day).map((intake) => (
                        <li
                          key={intake.id}
                          className={cn("break-words rounded border-l-4 px-1 py-0.5", CHIP[intake.status])}
                        >
                          {intakeHeading(intake)}{" "}
                          <span className="whitespace-nowrap" aria-hidden="true">
                            ({seatsTaken(intake)}/{intake.seats})
                          </span>
                          <span className="sr-only">
                            , {seatsTaken(intake)} of {intake.seats} seats taken
                          </span>
                          {intake.status !== "open" && <span className="sr-only"> ({intake.status})</span>}
                        </li>
                      ))}
                    </ul>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </Card>
  );
}
