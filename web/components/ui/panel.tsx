import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Card } from "./card";

interface PanelProps extends Omit<ComponentProps<"section">, "aria-labelledby"> {
  /** The id of the <h2>, which names the section. */
  headingId: string;
  heading: ReactNode;
}

/** A card section of an inner page (a form, a payment option), named by its <h2>. */
export function Panel({ headingId, heading, className, children, ...props }: PanelProps) {
  return (
    <Card asChild className={cn("p-6 sm:p-8", className)}>
      <section aria-labelledby={headingId} {...props}>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {heading}
        </h2>
        {children}
      </section>
    </Card>
  );
}
