// The public schedule (docs/product.md, Schedule): every upcoming intake of every course, current whenever the page
// is served (ADR 029).
import { MAX_STUDENTS_PER_CLASS } from "@shared/constants";
import { CalendarDays } from "lucide-react";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";
import { FetchedIntakes } from "./fetched-intakes";
import { LiveIntakes } from "./live-intakes";

export default function SchedulePage() {
  useScrollToTopOnMount();
  return (
    <PageShell>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <PageIntro
          eyebrow={
            <>
              <CalendarDays className="size-4" aria-hidden="true" />
              CAAF Certified Training
            </>
          }
          title="Training Schedule"
          description={`Every upcoming class, where it runs, its fee and how many of its ${MAX_STUDENTS_PER_CLASS} seats are left. When a class is full you can join its waitlist.`}
        />
        <LiveIntakes slot="all" className="mt-10" fallback={<FetchedIntakes slot="all" />} />
      </div>
    </PageShell>
  );
}
