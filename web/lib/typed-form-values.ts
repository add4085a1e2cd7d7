// A react-hook-form form's share of web/lib/typed-values.ts.
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { useTypedValues } from "./typed-values";

/**
 * Takes what was typed into the prerendered form `formId` before its script ran into `form`, after its fields
 * registered (react-hook-form writes the default values into them as they do). `empty` names the fields.
 */
export function useTypedFormValues<T extends FieldValues, C, S>(
  form: UseFormReturn<T, C, S>,
  formId: string,
  empty: object,
): void {
  useTypedValues(formId, empty, (typed) => {
    for (const [name, value] of Object.entries(typed)) {
      form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
    }
  });
}
