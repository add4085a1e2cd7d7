import type { ReactNode } from "react";
import { Label, RequiredMark } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** The ids a control lists in aria-describedby: its hint and, when shown, its error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

interface PaymentFieldProps {
  /** The id of the control passed as `children`; the label points at it. */
  id: string;
  label: string;
  required?: boolean;
  /** Next to the label, e.g. the card brand badge. */
  aside?: ReactNode;
  /** Help under the control, with the id `${id}-hint`. */
  hint?: ReactNode;
  /** The inline error, with the id `${id}-error`. */
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A labelled control of a payment form with its hint and inline error. */
export function PaymentField({
  id,
  label,
  required,
  aside,
  hint,
  error,
  className,
  children,
}: PaymentFieldProps) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <div className="flex min-h-6 items-center justify-between gap-3">
        <Label htmlFor={id}>
          {label}
          {required && <RequiredMark />}
        </Label>
        {aside}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
