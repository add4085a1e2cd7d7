import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface ServiceSectionProps {
  /** Also the stem of the heading's id, which labels the section. */
  id: string;
  heading: string;
  description?: string;
  tone?: "plain" | "muted";
  children: ReactNode;
}

/** A page section with its <h2>; cards inside use <h3>. */
export function ServiceSection({ id, heading, description, tone = "plain", children }: ServiceSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("py-16 sm:py-20", tone === "muted" && "border-y border-slate-200 bg-slate-50")}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {heading}
          </h2>
          {description && (
            <p className="mt-4 text-base leading-7 text-slate-600 sm:text-lg sm:leading-8">{description}</p>
          )}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
