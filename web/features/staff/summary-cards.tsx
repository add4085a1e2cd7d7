// The dashboard's summary cards: total, processed, pending and active courses (the sum of the three course types).
import type { EnrollmentSummary } from "@shared/admin";
import { CheckCircle2, Clock, GraduationCap, Users } from "lucide-react";
import type { ComponentType } from "react";
import { Card } from "@/components/ui/card";

interface Tile {
  label: string;
  value: (summary: EnrollmentSummary) => number;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  tint: string;
}

const TILES: Tile[] = [
  { label: "Total Enrollments", value: (s) => s.total, icon: Users, tint: "bg-brand-50 text-brand-700" },
  { label: "Processed", value: (s) => s.processed, icon: CheckCircle2, tint: "bg-green-50 text-green-700" },
  { label: "Pending", value: (s) => s.pending, icon: Clock, tint: "bg-amber-50 text-amber-700" },
  {
    label: "Active Courses",
    value: (s) => s.activeCourses,
    icon: GraduationCap,
    tint: "bg-ocean-50 text-ocean-700",
  },
];

export function SummaryCards({ summary }: { summary: EnrollmentSummary | undefined }) {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="sr-only">
        Summary
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ label, value, icon: Icon, tint }) => (
          <Card asChild key={label} className="flex items-center gap-4 p-4 sm:p-5">
            <li>
              <span
                className={`hidden size-11 shrink-0 items-center justify-center rounded-lg sm:flex ${tint}`}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <p className="flex flex-col">
                <span className="text-sm font-medium text-slate-600">{label}</span>
                <span className="text-2xl font-bold text-slate-900">
                  {summary ? value(summary).toLocaleString("en-FJ") : "–"}
                </span>
              </p>
            </li>
          </Card>
        ))}
      </ul>
    </section>
  );
}
