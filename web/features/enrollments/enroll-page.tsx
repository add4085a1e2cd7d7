// The enrollment pages (docs/product.md, Enrollment pages): /enroll/basic, /enroll/advanced and /enroll/instructor
// share this module; the course is the last path segment.

import { COURSE_TYPES, COURSES } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import { GraduationCap } from "lucide-react";
import { useLocation } from "wouter";
import NotFound from "@/components/layout/not-found-page";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { Card } from "@/components/ui/card";
import { ENROLL_COPY, isCourseType } from "@/features/enrollments/course-copy";
import { CourseSummaryCard } from "@/features/enrollments/course-summary-card";
import { EnrollIntakes } from "@/features/enrollments/enroll-intakes";
import { HydrateLater } from "@/lib/hydrate-later";
import { hydrateOnTouch } from "@/lib/hydrate-on-touch";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";

// The form's libraries and schemas load when a person first reaches into it, or at once to put a draft back or to
// preselect an intake (web/lib/hydrate-on-touch.tsx, ADR 047); before that it posts without script (ADR 048).
const EnrollmentPanel = hydrateOnTouch(
  "enroll-form",
  () => import("./enrollment-panel").then((m) => m.EnrollmentPanel),
  {
    drafts: COURSE_TYPES.map((course) => `enroll-${course}`),
    // Sent here from the schedule with an intake to preselect (?intake=).
    openAtOnce: () => new URLSearchParams(window.location.search).has("intake"),
  },
);

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
        <PageIntro
          className="max-w-3xl"
          eyebrow={
            <>
              <GraduationCap className="size-4" aria-hidden="true" />
              CAAF Certified Training
            </>
          }
          title={copy.heading}
          description={copy.intro}
        >
          <p className="mt-2 text-sm font-medium text-slate-800">
            {info.enrollFormDurationDays} Days · {formatFjd(info.priceCents, "public")} · {info.certificate}
          </p>
        </PageIntro>

        {/* The form and each card beside it hydrate on their own (web/lib/hydrate-later.tsx). */}
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <EnrollmentPanel course={course} />
          <div className="grid gap-6 lg:sticky lg:top-6">
            <HydrateLater name="course-summary">
              <CourseSummaryCard course={course} />
            </HydrateLater>
            <HydrateLater name="next-intakes">
              <Card className="p-6">
                <EnrollIntakes course={course} />
              </Card>
            </HydrateLater>
          </div>
        </div>
      </div>
    </PageShell>
  );
}
