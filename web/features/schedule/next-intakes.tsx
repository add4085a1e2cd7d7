import type { CourseType } from "@shared/constants";
import { Link } from "wouter";
import { LiveIntakes } from "./live-intakes";

interface NextIntakesProps {
  course: CourseType;
  /** The heading above the list, at the level the surrounding page needs. */
  heading: "h2" | "h3" | "h4";
  headingText?: string;
  className?: string;
}

/** A course's next open intakes, with a link to the whole schedule (landing, service and enrollment pages). */
export function NextIntakes({
  course,
  heading: Heading,
  headingText = "Next dates",
  className,
}: NextIntakesProps) {
  return (
    <div className={className}>
      <Heading className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-900">
        {headingText}
      </Heading>
      <LiveIntakes slot={`next-${course}`} />
      <Link
        href="/schedule"
        className="mt-3 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
      >
        See all course dates
      </Link>
    </div>
  );
}
