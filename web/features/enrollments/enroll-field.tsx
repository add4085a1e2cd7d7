import type { ReactNode } from "react";
import { Label, RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** The id of the inline error under the control `id`, for its aria-describedby. */
export const errorIdFor = (id: string) => `${id}-error`;

interface EnrollFieldProps {
  /** The id of the control passed as `children`; the label points at it. */
  id: string;
  label: string;
  required?: boolean;
  /** The inline error; shown under the control and announced through its aria-describedby. */
  error?: string;
  className?: string;
  children: ReactNode;
}

/** One labelled control of the enrollment form, with its '*' when required and its inline error. */
export function EnrollField({ id, label, required, error, className, children }: EnrollFieldProps) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </Label>
      {children}
      {error && (
        <p id={errorIdFor(id)} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields. */
export function EnrollFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-base font-semibold text-brand-950">{legend}</legend>
      {children}
    </fieldset>
  );
}
