// Enrollments per week by course over the last 12 weeks: plain CSS bars (no chart library in the bundle), with a
// visually hidden table carrying the same numbers for screen readers.
import type { EnrollmentSummary } from "@shared/admin";
import { COURSE_TYPES, type CourseType } from "@shared/constants";
import { Card } from "@/components/ui/card";
import { courseTitle, formatWeekStart } from "./format";

type Week = EnrollmentSummary["weekly"][number];

// Each colour keeps at least 3:1 against the white card (WCAG 1.4.11).
const COLOURS: Record<CourseType, string> = {
  basic: "bg-brand-700",
  advanced: "bg-ocean-500",
  instructor: "bg-amber-600",
};

const weekTotal = (week: Week) => week.basic + week.advanced + week.instructor;

export function WeeklyChart({ weekly }: { weekly: Week[] | undefined }) {
  const weeks = weekly ?? [];
  const highest = Math.max(1, ...weeks.map(weekTotal));

  return (
    <Card asChild className="p-5 sm:p-6">
      <section aria-labelledby="weekly-title">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
          <h2 id="weekly-title" className="text-lg font-semibold text-slate-900">
            Enrollments per week
          </h2>
          <ul className="flex flex-wrap gap-4 text-xs text-slate-700">
            {COURSE_TYPES.map((course) => (
              <li key={course} className="flex items-center gap-1.5">
                <span className={`size-3 rounded-sm ${COLOURS[course]}`} aria-hidden="true" />
                {courseTitle(course)}
              </li>
            ))}
          </ul>
        </div>
        {weeks.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{weekly ? "No enrollments yet." : "Loading..."}</p>
        ) : (
          <>
            <div aria-hidden="true" className="mt-5">
              <div className="flex h-36 items-end gap-1.5 border-b border-slate-300 sm:gap-3">
                {weeks.map((week) => (
                  <div
                    key={week.weekStart}
                    className="flex h-full flex-1 flex-col-reverse"
                    title={`${formatWeekStart(week.weekStart)}: ${weekTotal(week)}`}
                  >
                    {COURSE_TYPES.map((course) =>
                      week[course] > 0 ? (
                        <div
                          key={course}
                          className={`w-full last:rounded-t-sm ${COLOURS[course]}`}
                          style={{ height: `${(week[course] / highest) * 100}%` }}
                        />
                      ) : null,
                    )}
                  </div>
                ))}
              </div>
              <div className="mt-1.5 flex gap-1.5 text-[0.6875rem] text-slate-600 sm:gap-3">
                {weeks.map((week, index) => (
                  <span key={week.weekStart} className="flex-1 text-center">
                    {/* Every other label on small screens keeps them from overlapping. */}
                    <span className={index % 2 === 1 ? "hidden sm:inline" : undefined}>
                      {formatWeekStart(week.weekStart)}
                    </span>
                  </span>
                ))}
              </div>
            </div>
            <WeeklyTable weeks={weeks} />
          </>
        )}
      </section>
    </Card>
  );
}

function WeeklyTable({ weeks }: { weeks: Week[] }) {
  // The wrapper hides it: a table ignores the width and overflow of .sr-only and would widen the page.
  return (
    <div className="sr-only">
      <table>
        <caption>Enrollments per week by course, weeks starting on Monday, last 12 weeks</caption>
        <thead>
          <tr>
            <th scope="col">Week starting</th>
            {COURSE_TYPES.map((course) => (
              <th key={course} scope="col">
                {courseTitle(course)}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatWeekStart(week.weekStart)}</th>
              {COURSE_TYPES.map((course) => (
                <td key={course}>{week[course]}</td>
              ))}
              <td>{weekTotal(week)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
