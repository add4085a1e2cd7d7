import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { BackToTop } from "./back-to-top";
import { SECTION_HEADINGS, SECTION_IDS, type SectionKey } from "./content";
import { SectionHeading } from "./section-heading";

/** The id of a section's <h2>, which names it. */
export function sectionTitleId(section: SectionKey): string {
  return `${section}-title`;
}

interface LandingSectionProps {
  /** Which section: its anchor for the header's nav (SECTION_IDS) and its heading (SECTION_HEADINGS). */
  section: SectionKey;
  /** Background, plus positioning when there is a backdrop. */
  className?: string;
  /** Colours of the closing 'Back to Top' button: "dark" on a dark background. */
  tone?: "light" | "dark";
  /** Decorative layers drawn behind the content. */
  backdrop?: ReactNode;
  children: ReactNode;
}

/** One anchored section of the landing page: its heading, its content, and its closing 'Back to Top' button. */
export function LandingSection({
  section,
  className,
  tone = "light",
  backdrop,
  children,
}: LandingSectionProps) {
  const titleId = sectionTitleId(section);
  const heading = SECTION_HEADINGS[section];
  return (
    <section
      id={SECTION_IDS[section]}
      aria-labelledby={titleId}
      className={cn("pt-16 pb-10 focus:outline-none sm:pt-24 sm:pb-12", className)}
    >
      {backdrop}
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {heading && (
          <SectionHeading id={titleId} eyebrow={heading.eyebrow} title={heading.title} tone={tone}>
            {heading.intro}
          </SectionHeading>
        )}
        {children}
        <BackToTop tone={tone} />
      </div>
    </section>
  );
}
