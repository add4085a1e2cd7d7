import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Label, RequiredMark } from "./label";

interface FieldProps {
  /** The id of the control passed as `children`; the label points at it. */
  id: string;
  label: string;
  /** Shows the '*' after the label; the control itself still carries `required`. */
  required?: boolean;
  /** Shows '(optional)' after the label. */
  optional?: boolean;
  /** Help text under the control, with the id `${id}-hint` for the control's aria-describedby. */
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A form field: its label, the control and an optional hint, stacked. */
export function Field({ id, label, required, optional, hint, className, children }: FieldProps) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>
        {/* One text node with the space, so the label shapes exactly like plain text would. */}
        {optional ? `${label} ` : label}
        {required && <RequiredMark />}
        {optional && <span className="font-normal text-slate-600">(optional)</span>}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
