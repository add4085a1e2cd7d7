import type { ServicePageContent } from "@/features/services/content/types";
import { Checklist } from "./checklist";
import { HighlightCard } from "./highlight-card";

type IntroSectionProps = Pick<ServicePageContent<unknown>, "intro" | "highlights">;

/** Why the service matters, what it covers (checklist) and two highlight cards beside it. */
export function IntroSection({ intro, highlights }: IntroSectionProps) {
  return (
    <section aria-labelledby="overview-heading" className="py-16 sm:py-20">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-12 lg:gap-16 lg:px-8">
        <div className="lg:col-span-7">
          <h2
            id="overview-heading"
            className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {intro.heading}
          </h2>
          {intro.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-base leading-7 text-slate-600 sm:text-lg sm:leading-8">
              {paragraph}
            </p>
          ))}
          <Checklist items={intro.checklist} columns={2} className="mt-8" />
        </div>
        <div className="flex flex-col gap-6 lg:col-span-5 lg:pt-2">
          {highlights.map((highlight) => (
            <HighlightCard key={highlight.title} {...highlight} />
          ))}
        </div>
      </div>
    </section>
  );
}
