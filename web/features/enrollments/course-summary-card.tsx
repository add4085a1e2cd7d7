import { COURSES, type CourseType, MAX_STUDENTS_PER_CLASS, REPLY_WITHIN_HOURS } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import { Award, CalendarDays, CheckCircle2, Clock, type LucideIcon, Users, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { CardSection } from "@/components/ui/card-section";
import { TickList } from "@/components/ui/tick-list";

interface FactProps {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}

function Fact({ icon: Icon, label, children }: FactProps) {
  // Only <dt>/<dd> may sit inside a <dl> group, so the icon lives in the <dt> and is positioned beside both.
  return (
    <div className="relative min-h-8 pl-11">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
        <span className="absolute left-0 top-0.5 flex size-8 items-center justify-center rounded-md bg-brand-50 text-brand-700">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

export function CourseSummaryCard({ course }: { course: CourseType }) {
  const info = COURSES[course];
  return (
    <CardSection id="course-summary" title="Course Summary" lead={info.title}>
      <div className="space-y-6 p-6">
        <dl className="grid gap-4">
          <Fact icon={Wallet} label="Course fee">
            {formatFjd(info.priceCents, "public")}
          </Fact>
          <Fact icon={CalendarDays} label="Duration">
            {info.enrollFormDurationDays} Days
          </Fact>
          <Fact icon={Award} label="Certificate awarded">
            {info.certificate}
          </Fact>
          <Fact icon={Users} label="Class size">
            Maximum {MAX_STUDENTS_PER_CLASS} students per class
          </Fact>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Entry requirements</h3>
          <TickList items={info.entryRequirements} icon={CheckCircle2} className="mt-3" />
        </div>
        <p className="flex items-start gap-2 rounded-lg bg-ocean-50 p-3 text-sm text-ocean-700">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>We will contact you within {REPLY_WITHIN_HOURS} hours of receiving your application.</span>
        </p>
      </div>
    </CardSection>
  );
}
