// A trainee's result, asked in a dialog: passed, not yet competent or withdrew, with an optional note. Choosing
// "Passed" shows the name as the certificate will print it (prefilled from the enrollment, for staff to correct the
// spelling) and the button issues the certificate: the server checks every day was attended and e-mails the PDF.
import { RESULT_LABELS, ResultInputSchema, TRAINEE_RESULTS } from "@shared/certificates";
import { useQueryClient } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import { Field, FormAlert } from "@/components/ui/field";
import { IconLabel } from "@/components/ui/icon-label";
import { Textarea } from "@/components/ui/input";
import { useSchemaForm } from "@/components/ui/schema-form";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { toast } from "@/lib/use-toast";
import { certificateApi, invalidateCertificates, type Trainee } from "./api";
import { HolderNameFields } from "./holder-name-fields";

const NOTE_MAX = 500;

export const traineeName = (trainee: Pick<Trainee, "givenNames" | "surname">) =>
  `${trainee.givenNames} ${trainee.surname}`.trim();

export function ResultDialog({ trainee }: { trainee: Trainee }) {
  const queryClient = useQueryClient();
  const name = traineeName(trainee);
  const enrolled = { givenNames: trainee.givenNames, surname: trainee.surname };
  const form = useSchemaForm(
    ResultInputSchema,
    {
      result: trainee.result?.result,
      note: trainee.result?.note ?? "",
      holder: enrolled,
    },
    { focusError: false },
  );
  const { errors } = form.formState;
  const [result, holder] = form.watch(["result", "holder"]);
  const passing = result === "passed";
  const save = useConfirmAction({
    mutationFn: (input: Parameters<typeof certificateApi.setResult>[1]) =>
      certificateApi.setResult(trainee.seatId, input),
    onSuccess: async (saved, input) => {
      toast(
        saved.certificate && input.result === "passed"
          ? {
              title: "Certificate issued",
              description: `${saved.certificate.number} for ${saved.certificate.holderName} is e-mailed to ${saved.email}.`,
            }
          : { title: "Result saved", description: `${name}: ${RESULT_LABELS[input.result]}.` },
      );
      await invalidateCertificates.staff(queryClient);
    },
    onError: (error) => toastFailure(`Could not save ${name}'s result`, error),
  });
  const id = `result-${trainee.seatId}`;
  return (
    <ConfirmDialog
      {...save.confirm}
      trigger={
        <IconLabel icon={ClipboardCheck} detail={` for ${name}`}>
          Result
        </IconLabel>
      }
      title={`Result: ${name}`}
      description="Passed issues the certificate at once and e-mails it to the trainee; it needs every day of the intake marked present."
      confirmLabel={passing ? "Issue certificate" : "Save result"}
      pendingLabel={passing ? "Issuing..." : "Saving..."}
      onConfirm={() => {
        // Only a pass sends a name: for another result, a half-corrected name must not stand in the way.
        if (!passing) form.setValue("holder", enrolled);
        return form.handleSubmit(({ result: chosen, note, holder: given }) =>
          save.mutate({ result: chosen, note: note || null, ...(chosen === "passed" && { holder: given }) }),
        )();
      }}
    >
      <div className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">Result</legend>
          {TRAINEE_RESULTS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={value}
                className="size-4 accent-brand-700"
                {...form.register("result")}
              />
              {RESULT_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <FormAlert message={errors.result?.message} className="font-normal text-red-700" />
        {passing && (
          <section aria-labelledby={`${id}-holder`} className="grid gap-2">
            <h3 id={`${id}-holder`} className="text-sm font-semibold text-slate-900">
              Name on the certificate
            </h3>
            <p className="text-sm text-slate-600">
              As enrolled; correct the spelling if needed before it is issued.
            </p>
            <HolderNameFields
              idPrefix={id}
              givenNames={form.register("holder.givenNames")}
              surname={form.register("holder.surname")}
              errors={{
                givenNames: errors.holder?.givenNames?.message,
                surname: errors.holder?.surname?.message,
              }}
              preview={holder ?? {}}
            />
          </section>
        )}
        <Field id={`${id}-note`} label="Note" optional hint={`For the team. Up to ${NOTE_MAX} characters.`}>
          <Textarea
            id={`${id}-note`}
            rows={2}
            maxLength={NOTE_MAX}
            aria-describedby={`${id}-note-hint`}
            {...form.register("note")}
          />
        </Field>
      </div>
    </ConfirmDialog>
  );
}
