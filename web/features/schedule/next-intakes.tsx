import type { CourseType } from "@shared/constants";
import type { ReactNode } from "react";
import { LiveIntakes } from "./live-intakes";

interface NextIntakesProps {
  course: CourseType;
  /** The heading above the list, at the level the surrounding page needs. */
  heading: "h2" | "h4";
  headingText?: string;
  /** Shown after an in-app navigation, when the page came without the list (see LiveIntakes). */
  fallback: ReactNode;
  className?: string;
}

/** A course's next open intakes and a link to the whole schedule (landing, service and enrollment pages). */
export function NextIntakes({
  course,
  heading: Heading,
  headingText = "Next dates",
  fallback,
  className,
}: NextIntakesProps) {
  return (
    <div className={className}>
      <Heading className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-900">
        {headingText}
      </Heading>
      <LiveIntakes slot={`next-${course}`} fallback={fallback} />
    </div>
  );
}
