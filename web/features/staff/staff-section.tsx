// The frame of a staff view: a section named by its <h2>, with what sits beside the heading (a filter, the list's
// actions) or a short explanation under it, then the view itself.
import type { ReactNode } from "react";

interface StaffSectionProps {
  /** Names the heading's id, e.g. "activity" gives "activity-title". */
  id: string;
  title: string;
  /** Beside the heading, wrapping under it on a narrow screen. */
  aside?: ReactNode;
  /** Under the heading: what the view is for. */
  intro?: ReactNode;
  children: ReactNode;
}

export function StaffSection({ id, title, aside, intro, children }: StaffSectionProps) {
  const titleId = `${id}-title`;
  const heading = (
    <h2 id={titleId} className="text-xl font-semibold text-slate-900">
      {title}
    </h2>
  );
  let header = heading;
  if (aside)
    header = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading}
        {aside}
      </div>
    );
  else if (intro)
    header = (
      <div>
        {heading}
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
    );
  return (
    <section aria-labelledby={titleId} className="grid grid-cols-1 gap-5">
      {header}
      {children}
    </section>
  );
}
