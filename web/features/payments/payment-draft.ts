// The payment forms keep a draft on this device like the public forms (web/lib/form-draft.ts): the payer's e-mail,
// name, phone, amount and billing address, never the card's number, expiry or CVV (ADR 041). A payment request is
// never queued: it is sent only while the payer is there to see what it does.
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import type { DraftValues } from "@/lib/form-draft";

/** The draft options of a react-hook-form form: `fields` are the ones kept, by name ("billing.city"). */
export function paymentDraft<T extends FieldValues, C, S>(
  form: UseFormReturn<T, C, S>,
  template: T,
  fields: readonly Path<T>[],
) {
  return {
    template,
    fields,
    read: () => form.getValues(),
    restore: (values: DraftValues) => {
      for (const [name, value] of Object.entries(values)) {
        form.setValue(name as Path<T>, value as PathValue<T, Path<T>>);
      }
    },
    reset: () => form.reset(template),
  };
}
