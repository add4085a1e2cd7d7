// SPEC section 2, "Enrollment screens": /enroll/basic, /enroll/advanced and /enroll/instructor share this module;
// the course is the last path segment.

import { COURSES, formatCoursePrice } from "@shared/constants";
import { GraduationCap } from "lucide-react";
import { useLocation } from "wouter";
import { ENROLL_COPY, isCourseType } from "@/components/enroll/course-copy";
import { CourseSummaryCard } from "@/components/enroll/course-summary-card";
import { EnrollmentFormSlot } from "@/components/enroll/enrollment-form-slot";
import { BackToHome, PageShell, useScrollToTopOnMount } from "@/components/layout/page-shell";
import NotFound from "@/routes/not-found";

export default function EnrollPage() {
  const [location] = useLocation();
  useScrollToTopOnMount();
  const course = location.replace(/\/+$/, "").split("/").pop();
  if (!isCourseType(course)) return <NotFound />;

  const info = COURSES[course];
  const copy = ENROLL_COPY[course];

  return (
    <PageShell>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <div className="mt-6 max-w-3xl">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-ocean-700">
            <GraduationCap className="size-4" aria-hidden="true" />
            CAAF Certified Training
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
            {copy.heading}
          </h1>
          <p className="mt-3 text-base leading-relaxed text-slate-700">{copy.intro}</p>
          <p className="mt-2 text-sm font-medium text-slate-800">
            {info.enrollFormDurationDays} Days · {formatCoursePrice(info.priceCents)} · {info.certificate}
          </p>
        </div>

        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section
            id="enrollment-form"
            aria-labelledby="enrollment-form-heading"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="enrollment-form-heading" className="text-xl font-semibold text-slate-900">
              Application Form
            </h2>
            <div className="mt-4">
              <EnrollmentFormSlot course={course} />
            </div>
          </section>
          <div className="lg:sticky lg:top-6">
            <CourseSummaryCard course={course} />
          </div>
        </div>
      </div>
    </PageShell>
  );
}
