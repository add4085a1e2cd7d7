import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Label, RequiredMark } from "./label";

/** The id of the inline error under the control `id`, for its aria-describedby. */
export const errorIdFor = (id: string) => `${id}-error`;

/** The id of the help text under the control `id`, for its aria-describedby. */
export const hintIdFor = (id: string) => `${id}-hint`;

/** The ids a control lists in aria-describedby: its hint (when it has one) and, when shown, its error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [hint ? hintIdFor(id) : "", error ? errorIdFor(id) : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

/** The ARIA wiring of a control inside a `Field`: aria-invalid while it shows an error, and its descriptions. */
export function fieldAria(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy(id, { hint, error }),
  };
}

interface FieldProps {
  /** The id of the control passed as `children`; the label points at it. */
  id: string;
  label: string;
  /** Shows the '*' after the label; the control itself still carries `required`. */
  required?: boolean;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
  /** Shown on the label's row, at its far end (e.g. the card brand badge). */
  aside?: ReactNode;
  /** Help text under the control, with the id `${id}-hint` for the control's aria-describedby. */
  hint?: ReactNode;
  /** The inline error, with the id `errorIdFor(id)` for the control's aria-describedby. */
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A form field: its label, the control, an optional hint and the inline error, stacked. */
export function Field({
  id,
  label,
  required,
  optional,
  aside,
  hint,
  error,
  className,
  children,
}: FieldProps) {
  const labelEl = (
    <Label htmlFor={id}>
      {/* One text node with the space, so the label shapes exactly like plain text would. */}
      {optional ? `${label} ` : label}
      {required && <RequiredMark />}
      {optional && <span className="font-normal text-slate-600">(optional)</span>}
    </Label>
  );
  return (
    <div className={cn("grid content-start gap-2", className)}>
      {aside === undefined ? (
        labelEl
      ) : (
        <div className="flex min-h-6 items-center justify-between gap-3">
          {labelEl}
          {aside}
        </div>
      )}
      {children}
      {hint && (
        <p id={hintIdFor(id)} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorIdFor(id)} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields. */
export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-base font-semibold text-brand-950">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A form's error (not one field's), announced when it appears; nothing while `message` is empty. */
export function FormAlert({
  message,
  boxed = false,
  className,
}: {
  message: string | null | undefined;
  /** On a light red box, for the error above a form's submit button. */
  boxed?: boolean;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cn(
        "text-sm font-medium text-red-800",
        boxed && "rounded-md border border-red-200 bg-red-50 p-3",
        className,
      )}
    >
      {message}
    </p>
  );
}
