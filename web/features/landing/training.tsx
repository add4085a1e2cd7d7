import { COURSES, MAX_STUDENTS_PER_CLASS, REPLY_WITHIN_HOURS } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import ArrowRight from "lucide-react/icons/arrow-right";
import Award from "lucide-react/icons/award";
import CalendarDays from "lucide-react/icons/calendar-days";
import Users from "lucide-react/icons/users";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { TickList } from "@/components/ui/tick-list";
import { SECTION_IDS, TRAINING_PROGRAMMES, type TrainingProgramme } from "@/features/landing/content";
import { slotHtml } from "@/features/schedule/slot-marker";
import { cn } from "@/lib/utils";
import { LandingSection } from "./landing-section";
import { SectionLink } from "./section-link";

function ProgrammeCard({ programme }: { programme: TrainingProgramme }) {
  const course = COURSES[programme.type];
  const popular = programme.isPopular;
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm",
        popular ? "border-ocean-600 shadow-xl ring-2 ring-ocean-600 lg:-my-4 lg:py-12" : "border-slate-200",
      )}
    >
      {popular && (
        <Badge variant="warning" className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm">
          Popular
        </Badge>
      )}
      <h3 className="text-xl font-bold text-brand-950">{course.title}</h3>
      <p className="mt-2 text-sm text-pretty text-slate-600">{programme.summary}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-brand-950">
          {formatFjd(course.priceCents, "public")}
        </span>
        <span className="text-sm text-slate-600">per student</span>
      </p>
      {/* Only <dt>/<dd> may stand in a <dl> group, so each icon sits in its <dt> beside the hidden label. */}
      <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <dt>
            <CalendarDays aria-hidden="true" className="size-4 text-ocean-700" />
            <span className="sr-only">Duration</span>
          </dt>
          <dd>{course.durationDays} Days</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Award aria-hidden="true" className="size-4 text-ocean-700" />
            <span className="sr-only">Certificate</span>
          </dt>
          <dd>{course.certificate}</dd>
        </div>
      </dl>
      <TickList items={programme.features} className="mt-6 space-y-3 border-t border-slate-200 pt-6" />
      <h4 className="mt-6 border-t border-slate-200 pt-6 text-sm font-semibold text-slate-900">Next dates</h4>
      {/* The course's next intakes, which the server puts in when it serves the page (see slotHtml). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's marker, no visitor's text. */}
      <div className="peer mt-3" dangerouslySetInnerHTML={slotHtml(`next-${programme.type}`)} />
      <Link
        href="/schedule"
        className="rounded-sm font-medium text-brand-700 underline underline-offset-4 hidden peer-empty:inline"
      >
        See all course dates
      </Link>
      <div className="mt-auto pt-8">
        <Link
          href={programme.enrollLink}
          className={cn(buttonVariants({ variant: popular ? "accent" : "default", size: "lg" }), "w-full")}
        >
          Enroll Now<span className="sr-only"> in {course.title}</span>
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </li>
  );
}

export function Training() {
  return (
    <LandingSection section="training" className="bg-white">
      <ul className="mt-16 grid items-stretch gap-8 lg:grid-cols-3 lg:gap-6">
        {TRAINING_PROGRAMMES.map((programme) => (
          <ProgrammeCard key={programme.type} programme={programme} />
        ))}
      </ul>

      <div className="mt-14 flex flex-col items-center gap-4 rounded-2xl bg-brand-50 p-6 text-center sm:flex-row sm:text-left">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <p className="text-pretty text-brand-900">
          <strong className="font-semibold">Small classes, real flying time.</strong> Every course is limited
          to a maximum of {MAX_STUDENTS_PER_CLASS} students per class. Apply online and we will reply within{" "}
          {REPLY_WITHIN_HOURS} hours.
        </p>
        <SectionLink variant="outline" className="shrink-0 sm:ml-auto" target={SECTION_IDS.contact}>
          Ask about group training
        </SectionLink>
      </div>
    </LandingSection>
  );
}
