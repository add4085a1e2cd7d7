import { Clock } from "lucide-react";
import type { ConsultationStep } from "@/features/services/content/types";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";

/** Numbered engagement steps, each with its typical duration. */
export function ProcessSteps({ steps }: { steps: readonly ConsultationStep[] }) {
  const accent = useAccent();
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step) => (
        <li
          key={step.step}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex items-center justify-between gap-3">
            <span
              aria-hidden="true"
              className={cn(
                "flex size-11 items-center justify-center rounded-full text-lg font-bold",
                accent.solid,
              )}
            >
              {step.step}
            </span>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
              <Clock className={cn("size-4", accent.icon)} aria-hidden="true" />
              <span className="sr-only">Typical duration: </span>
              {step.duration}
            </span>
          </div>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">
            <span className="sr-only">Step {step.step}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-sm leading-6 text-slate-600">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
