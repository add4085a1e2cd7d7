import type {
  MetricCard as MetricCardContent,
  MetricRow as MetricRowContent,
} from "@/features/services/content/types";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";
import { ServiceSection } from "./section";

export function MetricCard({ metric, value, description }: MetricCardContent) {
  const accent = useAccent();
  return (
    <div
      className={cn(
        "flex flex-col rounded-2xl border border-slate-200 border-t-4 bg-white p-5 shadow-sm sm:p-6 lg:p-5",
        accent.rule,
      )}
    >
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600 lg:min-h-10">{metric}</h3>
      <p
        className={cn("mt-2 text-3xl font-bold tracking-tight text-balance lg:text-[1.625rem]", accent.value)}
      >
        {value}
      </p>
      <p className="mt-3 text-sm leading-6 text-slate-600">{description}</p>
    </div>
  );
}

interface MetricSectionProps {
  heading: string;
  description: string;
  items: MetricRowContent;
}

/** The row of four headline figures every service page carries. */
export function MetricSection({ heading, description, items }: MetricSectionProps) {
  return (
    <ServiceSection id="figures" heading={heading} description={description}>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4 lg:gap-4">
        {items.map((item) => (
          <MetricCard key={item.metric} {...item} />
        ))}
      </div>
    </ServiceSection>
  );
}
