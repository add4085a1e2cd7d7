import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface PageIntroProps {
  /** The small line above the <h1>: a step, a category, an icon with a label. */
  eyebrow: ReactNode;
  title: ReactNode;
  /** The paragraph under the <h1>. */
  description: ReactNode;
  /** Anything further under the description, e.g. a line of course facts. */
  children?: ReactNode;
  className?: string;
}

/** The opening of an inner page, under its back link: eyebrow, the page's only <h1> and a short description. */
export function PageIntro({ eyebrow, title, description, children, className }: PageIntroProps) {
  return (
    <div className={cn("mt-6 max-w-2xl", className)}>
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-ocean-700">
        {eyebrow}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-base leading-relaxed text-slate-700">{description}</p>
      {children}
    </div>
  );
}
