import { ArrowRight, Award, CalendarDays, CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FetchedIntakes } from "@/features/schedule/fetched-intakes";
import { NextIntakes } from "@/features/schedule/next-intakes";
import type { TrainingCourse } from "@/features/services/content/types";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";
import { Checklist } from "./checklist";
import { courseOf, enrollPathFor } from "./enroll-path";

export function CourseCard({
  title,
  duration,
  price,
  description,
  modules,
  requirements,
  certification,
  prerequisite,
  isPopular,
}: TrainingCourse) {
  const accent = useAccent();
  const enrollPath = enrollPathFor(title);
  return (
    <Card
      className={cn(
        "relative flex h-full flex-col rounded-2xl p-6 sm:p-8",
        isPopular && ["ring-2", accent.ring],
      )}
    >
      {isPopular && (
        <Badge variant="warning" className="absolute -top-3 left-6 px-3 py-1 shadow-sm">
          Most Popular
        </Badge>
      )}
      <h3 className="text-2xl font-bold text-slate-900 lg:text-xl">{title}</h3>
      <dl className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <div>
          <dt className="sr-only">Price</dt>
          <dd className={cn("whitespace-nowrap text-3xl font-bold tracking-tight", accent.value)}>{price}</dd>
        </div>
        <div className="flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
          <dt>
            <CalendarDays className={cn("size-4", accent.icon)} aria-hidden="true" />
            <span className="sr-only">Duration</span>
          </dt>
          <dd className="whitespace-nowrap">{duration}</dd>
        </div>
      </dl>
      <p className="mt-5 leading-7 text-slate-600">{description}</p>

      <h4 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-900">Course modules</h4>
      <Checklist items={modules} size="sm" className="mt-3" />

      <h4 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-900">
        Entry requirements
      </h4>
      <ul className="mt-3 grid list-disc gap-1.5 pl-5 text-sm text-slate-700 marker:text-slate-500">
        {requirements.map((requirement) => (
          <li key={requirement}>{requirement}</li>
        ))}
      </ul>
      {prerequisite && (
        <p className="mt-4 flex gap-2 rounded-xl border border-sun-400 bg-sun-400/10 p-3 text-sm text-slate-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-slate-800" aria-hidden="true" />
          <span>
            <span className="font-semibold">Prerequisite:</span> {prerequisite}
          </span>
        </p>
      )}

      <NextIntakes
        course={courseOf(enrollPath)}
        heading="h4"
        className="mt-6"
        fallback={<FetchedIntakes slot={`next-${courseOf(enrollPath)}`} />}
      />

      <div className="mt-auto pt-6">
        <p className="flex gap-2 border-t border-slate-200 pt-5 text-sm text-slate-700">
          <Award className={cn("mt-0.5 size-4 shrink-0", accent.icon)} aria-hidden="true" />
          <span>
            <span className="font-semibold text-slate-900">Certification:</span> {certification}
          </span>
        </p>
        <Link href={enrollPath} className={cn(buttonVariants({ size: "lg" }), accent.solid, "mt-5 w-full")}>
          Enroll Now
          <span className="sr-only"> in the {title} course</span>
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}
