// When a document is published: now, at a Fiji date and time, or kept as a draft that subscribers do not see.
import type { UseFormReturn } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import type { DocumentFormOutput, DocumentFormValues, PublishState } from "./document-form";

const choices = (published: boolean): readonly { value: PublishState; label: string }[] => [
  // Saving a published document again keeps the day it went out (the server's rule).
  { value: "now", label: published ? "Published" : "Publish now" },
  { value: "schedule", label: "Schedule" },
  { value: "draft", label: "Draft (not shown on the portal)" },
];

interface PublishFieldsProps {
  form: UseFormReturn<DocumentFormValues, unknown, DocumentFormOutput>;
  prefix: string;
  /** The document is on the portal already. */
  published?: boolean;
}

export function PublishFields({ form, prefix, published = false }: PublishFieldsProps) {
  const state = form.watch("publishState");
  const error = form.formState.errors.publishAt?.message;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">Publishing</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {choices(published).map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" value={choice.value} className="size-4" {...form.register("publishState")} />
            {choice.label}
          </label>
        ))}
      </div>
      {state === "schedule" && (
        <TextField
          id={`${prefix}-publishAt`}
          label="Publish at (Fiji time)"
          type="datetime-local"
          required
          hint="Subscribers see it from this date and time in Fiji."
          error={error}
          {...form.register("publishAt")}
        />
      )}
    </fieldset>
  );
}
