// The one way a staff form is set up (issue 13): react-hook-form checking the shared zod schema on submit.
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { type DefaultValues, type FieldErrors, type FieldValues, useForm } from "react-hook-form";
import type { ZodMiniType } from "zod/mini";
import { useTypedFormValues } from "@/lib/typed-form-values";

interface SchemaFormOptions {
  /** Whether the first invalid field takes the focus; forms that show one message above the button keep it. */
  focusError?: boolean;
  /** The form element's id when the page is prerendered with it: its values start from what was typed into it. */
  formId?: string;
}

/**
 * A form checked by `schema` when it is sent (and not while typing): its errors stay as they are until the next
 * submit, and the submit handler receives the schema's output (trimmed, converted).
 */
export function useSchemaForm<In extends FieldValues, Out extends FieldValues>(
  schema: ZodMiniType<Out, In>,
  defaultValues: DefaultValues<In>,
  { focusError = true, formId = "" }: SchemaFormOptions = {},
) {
  const form = useForm<In, unknown, Out>({
    resolver: standardSchemaResolver(schema),
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: focusError,
  });
  useTypedFormValues(form, formId, defaultValues);
  return form;
}

/** The message of the first field (in `order`) that has an error, for the form's one alert or toast. */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T)[]) {
  for (const key of order) {
    const message = errors[key]?.message;
    if (typeof message === "string") return message;
  }
  return undefined;
}
