import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { BackToTop } from "./back-to-top";

interface LandingSectionProps {
  /** The anchor the header's nav scrolls to (SECTION_IDS). */
  id: string;
  /** The id of the section's <h2>, which names it. */
  titleId: string;
  /** Background, plus positioning when there is a backdrop. */
  className?: string;
  /** Colours of the closing 'Back to Top' button: "dark" on a dark background. */
  tone?: "light" | "dark";
  /** Decorative layers drawn behind the content. */
  backdrop?: ReactNode;
  children: ReactNode;
}

/** One anchored section of the landing page, closed by its 'Back to Top' button. */
export function LandingSection({
  id,
  titleId,
  className,
  tone = "light",
  backdrop,
  children,
}: LandingSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn("pt-16 pb-10 focus:outline-none sm:pt-24 sm:pb-12", className)}
    >
      {backdrop}
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {children}
        <BackToTop tone={tone} />
      </div>
    </section>
  );
}
