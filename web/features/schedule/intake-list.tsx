// How intakes look wherever they are listed (the schedule, the landing and service pages, the enrollment pages).
// The server renders these per request into the pages' live slots (web/entry-live.tsx, ADR 029).
import { formatIntakeDates } from "@shared/calendar-dates";
import { COURSE_TYPES, COURSES } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import type { Availability, PublicIntake } from "@shared/training";
import { Link } from "wouter";
import type { LiveSlot } from "./live-slots";

const TONES: Record<Availability, string> = {
  "seats-left": "bg-green-100 text-green-900",
  waitlist: "bg-sun-400/25 text-slate-900",
  full: "bg-slate-200 text-slate-800",
};

const LINK = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

function IntakeItem({ intake, current }: { intake: PublicIntake; current: boolean }) {
  const dates = formatIntakeDates(intake);
  return (
    <li
      aria-current={current || undefined}
      className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border bg-white px-4 py-3 text-left text-sm ${current ? "border-brand-700 ring-1 ring-brand-700" : "border-slate-200"}`}
    >
      <div>
        <p className="font-semibold text-slate-900">{dates}</p>
        {current && <p className="text-xs font-semibold text-brand-700">Chosen in your application</p>}
        <p className="text-slate-600">
          {intake.location} · {formatFjd(intake.feeCents, "public")}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[intake.availability]}`}>
          {intake.label}
        </span>
        {/* The enrollment form then has this intake chosen (a full one takes no applications). */}
        <Link
          href={`/enroll/${intake.courseType}${intake.availability === "full" ? "" : `?intake=${intake.id}`}`}
          className={LINK}
        >
          Enroll
          <span className="sr-only">
            {" "}
            in {COURSES[intake.courseType].title}, {dates}
          </span>
        </Link>
      </div>
    </li>
  );
}

/** The intakes; `current` is the one chosen in the enrollment form beside the list, if any. */
export function IntakeList({
  intakes,
  current,
}: {
  intakes: readonly PublicIntake[];
  current?: number | null;
}) {
  return (
    <ul className="grid gap-3">
      {intakes.map((intake) => (
        <IntakeItem key={intake.id} intake={intake} current={intake.id === current} />
      ))}
    </ul>
  );
}

/** What shows instead of an empty list. */
export function NoDates() {
  return (
    <p className="text-sm text-pretty text-slate-600">
      New dates are announced soon.{" "}
      <a href="/#contact" className={LINK}>
        Contact us
      </a>{" "}
      to hear about them first.
    </p>
  );
}

/** The whole schedule, one group per course (/schedule). */
function ScheduleByCourse({ intakes }: { intakes: readonly PublicIntake[] }) {
  if (intakes.length === 0) return <NoDates />;
  return (
    <div className="grid gap-10">
      {COURSE_TYPES.map((course) => {
        const own = intakes.filter((intake) => intake.courseType === course);
        return (
          <section key={course} aria-labelledby={`schedule-${course}`}>
            <h2 id={`schedule-${course}`} className="mb-4 text-xl font-semibold text-brand-900">
              {COURSES[course].title}
            </h2>
            {own.length > 0 ? <IntakeList intakes={own} /> : <NoDates />}
          </section>
        );
      })}
    </div>
  );
}

/** A slot's content, as the server puts it into a page (and the browser renders it after in-app navigation). */
export function SlotContent({
  slot,
  intakes,
  current,
}: {
  slot: LiveSlot;
  intakes: readonly PublicIntake[];
  current?: number | null;
}) {
  if (slot === "all") return <ScheduleByCourse intakes={intakes} />;
  return (
    <>
      {intakes.length > 0 ? <IntakeList intakes={intakes} current={current} /> : <NoDates />}
      <Link href="/schedule" className={`mt-3 inline-block text-sm ${LINK}`}>
        See all course dates
      </Link>
    </>
  );
}
