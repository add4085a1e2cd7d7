// Staff's two overrides on a place, inside its Payments dialog: recording a bank transfer or cash payment with its
// receipt number (the amount typed in FJD, sent in cents), and confirming the place without payment with a reason
// (audited). The shared schemas check the values; the server's refusal shows as its message above the button.
import { formatMoney } from "@shared/constants";
import { ConfirmWithoutPaymentSchema, RecordCoursePaymentSchema } from "@shared/course-payment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, Banknote } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import * as z from "zod/mini";
import { Field, FormAlert, fieldAria } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { fjdToCents, METHOD_TEXT } from "./fee-text";
import type { PlaceRow } from "./place-state";
import { invalidateTraining, type PlacePayments, trainingApi } from "./staff-api";

const RecordFormSchema = z.pipe(
  z.pipe(
    z.object({ method: z.string(), amountCents: z.string(), receiptNumber: z.string() }),
    z.transform((values) => ({ ...values, amountCents: fjdToCents(values.amountCents) })),
  ),
  RecordCoursePaymentSchema,
);

/**
 * A form's call: on success the toast and the refreshed lists, on failure the server's message as the form's
 * alert (a 401 says nothing: the dashboard is already leaving for the sign-in page).
 */
function usePlaceChange<V extends FieldValues, Out>(
  form: UseFormReturn<V, unknown, Out>,
  action: (values: Out) => Promise<PlacePayments>,
  done: (after: PlacePayments) => { title: string; description: string },
  /** The form's values after success (its defaults unless given), e.g. the new balance as the amount. */
  next?: (after: PlacePayments) => V,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async (after) => {
      form.reset(next?.(after));
      toast(done(after));
      await invalidateTraining.fees(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      form.setError("root", { message: serverMessage(error) ?? "Please try again." });
    },
  });
}

const dueText = (after: PlacePayments) =>
  after.dueCents > 0 ? `${formatMoney(after.dueCents)} is still due.` : "Nothing more is due.";

/** A titled form of the dialog, its alert and its submit button. */
function FeeForm(props: {
  id: string;
  title: string;
  intro: string;
  onSubmit: () => void;
  alert: string | undefined;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-labelledby={`${props.id}-title`}
      onSubmit={props.onSubmit}
      className="grid content-start gap-3 rounded-lg border border-slate-200 p-4"
    >
      <div>
        <h3 id={`${props.id}-title`} className="font-semibold text-slate-900">
          {props.title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{props.intro}</p>
      </div>
      {props.children}
      <FormAlert boxed message={props.alert} />
      <div>{props.submit}</div>
    </form>
  );
}

/** A bank transfer of what is due, until staff say otherwise. */
const recordDefaults = (dueCents: number) => ({
  method: "bank",
  amountCents: dueCents > 0 ? (dueCents / 100).toFixed(2) : "",
  receiptNumber: "",
});

export function RecordPaymentForm({ place, dueCents }: { place: PlaceRow; dueCents: number }) {
  const form = useSchemaForm(RecordFormSchema, recordDefaults(dueCents));
  const { errors } = form.formState;
  const record = usePlaceChange(
    form,
    (payment) => trainingApi.recordPayment(place.id, payment),
    (after) => ({ title: "Payment recorded", description: `${place.name}: ${dueText(after)}` }),
    (after) => recordDefaults(after.dueCents),
  );
  const id = (name: string) => `record-${place.id}-${name}`;
  return (
    <FeeForm
      id={id("form")}
      title="Record payment"
      intro="A bank transfer or cash received. The place is confirmed and the payer is e-mailed a receipt."
      onSubmit={form.handleSubmit((values) => !record.isPending && record.mutate(values))}
      alert={errors.root?.message}
      submit={
        <PendingButton
          type="submit"
          pending={record.isPending}
          icon={<Banknote aria-hidden="true" />}
          pendingText="Recording..."
        >
          Record payment
        </PendingButton>
      }
    >
      <Field id={id("method")} label="Method" required error={errors.method?.message}>
        <NativeSelect
          id={id("method")}
          required
          {...form.register("method")}
          {...fieldAria(id("method"), { error: errors.method?.message })}
        >
          <option value="bank">{METHOD_TEXT.bank}</option>
          <option value="cash">{METHOD_TEXT.cash}</option>
        </NativeSelect>
      </Field>
      <TextField
        id={id("amount")}
        label="Amount (FJD)"
        required
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        error={errors.amountCents?.message}
        {...form.register("amountCents")}
      />
      <TextField
        id={id("receipt")}
        label="Receipt number"
        required
        autoComplete="off"
        error={errors.receiptNumber?.message}
        {...form.register("receiptNumber")}
      />
    </FeeForm>
  );
}

export function ConfirmWithoutPaymentForm({ place }: { place: PlaceRow }) {
  const form = useSchemaForm(ConfirmWithoutPaymentSchema, { reason: "" });
  const { errors } = form.formState;
  const confirm = usePlaceChange(
    form,
    ({ reason }) => trainingApi.confirmWithoutPayment(place.id, reason),
    () => ({ title: "Place confirmed", description: `${place.name}'s place is confirmed without payment.` }),
  );
  const id = `waive-${place.id}-reason`;
  return (
    <FeeForm
      id={`waive-${place.id}-form`}
      title="Confirm without payment"
      intro="The place is confirmed and owes nothing. The reason is recorded in the activity log."
      onSubmit={form.handleSubmit((values) => !confirm.isPending && confirm.mutate(values))}
      alert={errors.root?.message}
      submit={
        <PendingButton
          type="submit"
          variant="outline"
          pending={confirm.isPending}
          icon={<BadgeCheck aria-hidden="true" />}
          pendingText="Confirming..."
        >
          Confirm without payment
        </PendingButton>
      }
    >
      <TextField
        id={id}
        label="Reason"
        required
        autoComplete="off"
        error={errors.reason?.message}
        {...form.register("reason")}
      />
    </FeeForm>
  );
}
