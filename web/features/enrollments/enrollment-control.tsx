// One catalogue field as a form control: the kind decides the control, the catalogue gives its label and options.
import type { EnrollmentField } from "@shared/enrollment-fields";
import { EDUCATION_LABELS, HIGHEST_EDUCATION } from "@shared/form-options";
import type { UseFormRegisterReturn } from "react-hook-form";
import { errorIdFor, Field } from "@/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export const controlId = (name: string) => `enroll-${name}`;

const INPUT_TYPES: Partial<Record<EnrollmentField["kind"], string>> = {
  email: "email",
  tel: "tel",
  date: "date",
};

interface ControlProps {
  field: EnrollmentField;
  registered: UseFormRegisterReturn;
  error?: string;
}

export function EnrollmentControl({ field, registered, error }: ControlProps) {
  const id = controlId(field.name);
  if (field.kind === "checkbox") {
    return (
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          {...registered}
        />
        <Label htmlFor={id}>{field.label}</Label>
      </div>
    );
  }
  const control = {
    id,
    ...registered,
    ...(field.autoComplete ? { autoComplete: field.autoComplete } : {}),
    ...(field.required ? { required: true, "aria-required": true } : {}),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorIdFor(id) : undefined,
  };
  const className = field.kind === "education" ? "sm:max-w-sm" : field.wide ? "sm:col-span-2" : undefined;
  return (
    <Field id={id} label={field.label} required={field.required} error={error} className={className}>
      {field.kind === "education" ? (
        // Rendered with the placeholder chosen: without it a page read with scripts off would show (and send) the
        // first level as if it had been picked.
        <NativeSelect defaultValue="" {...control}>
          <option value="" disabled>
            Select your highest education
          </option>
          {HIGHEST_EDUCATION.map((level) => (
            <option key={level} value={level}>
              {EDUCATION_LABELS[level]}
            </option>
          ))}
        </NativeSelect>
      ) : field.kind === "textarea" ? (
        <Textarea rows={field.rows ?? 3} {...control} />
      ) : field.kind === "hours" ? (
        <Input type="number" min={0} step={0.1} inputMode="decimal" {...control} />
      ) : (
        <Input type={INPUT_TYPES[field.kind]} {...control} />
      )}
    </Field>
  );
}
