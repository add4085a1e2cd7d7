// Its own module, not card.tsx: the landing page uses Card but never this, and keeps its script that much smaller.
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Card } from "./card";

/**
 * A card that is a <section> named by its <h2>: a header (on the brand colour when it carries a `lead` line, else
 * plain with a rule below it), then the body.
 */
export function CardSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Card asChild>
      <section aria-labelledby={headingId}>
        <div
          className={
            lead ? "rounded-t-xl bg-brand-900 px-6 py-5 text-white" : "border-b border-slate-100 p-6"
          }
        >
          <h2 id={headingId} className={cn("text-lg font-semibold", !lead && "text-slate-900")}>
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-brand-100">{lead}</p>}
        </div>
        {children}
      </section>
    </Card>
  );
}
