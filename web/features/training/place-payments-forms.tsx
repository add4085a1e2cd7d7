// Staff's two overrides on a place, inside its Payments dialog: recording a bank transfer or cash payment with its
// receipt number (the amount typed in FJD, read by the shared money rule and sent in cents), and confirming the place
// without payment with a reason (audited). The shared schemas check the values; the server's refusal shows as its
// message above the button.
import { ConfirmWithoutPaymentSchema, RecordCoursePaymentSchema } from "@shared/course-payment";
import { FjdAmountSchema, formatFjdInput } from "@shared/money";
import { formatFjd } from "@shared/money-format";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, Banknote } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import * as z from "zod/mini";
import type { ButtonProps } from "@/components/ui/button";
import { Field, FormAlert, fieldAria } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { METHOD_TEXT } from "./fee-text";
import type { PlaceRow } from "./place-state";
import { invalidateTraining, type PlacePayments, trainingApi } from "./staff-api";

/** The shared schema's fields, the amount read from FJD as typed (shared/money.ts) into its cents. */
const RecordFormSchema = z.object({
  ...RecordCoursePaymentSchema.shape,
  amountCents: z.pipe(FjdAmountSchema, RecordCoursePaymentSchema.shape.amountCents),
});

/**
 * A form's call: on success the toast, the form's next values and the refreshed lists; on failure the server's
 * message as the form's alert (a 401 says nothing: the dashboard is already leaving for the sign-in page).
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
  after.dueCents > 0 ? `${formatFjd(after.dueCents)} is still due.` : "Nothing more is due.";

interface FeeFormProps<V extends FieldValues, Out> {
  id: string;
  title: string;
  intro: string;
  form: UseFormReturn<V, unknown, Out>;
  change: ReturnType<typeof usePlaceChange<V, Out>>;
  /** The submit button: its text, icon, busy text and style. */
  button: { label: string; icon: ReactNode; pending: string; variant?: ButtonProps["variant"] };
  children: ReactNode;
}

/** A titled form of the dialog: its fields, the server's refusal and the submit button. */
function FeeForm<V extends FieldValues, Out>({
  id,
  title,
  intro,
  form,
  change,
  button,
  children,
}: FeeFormProps<V, Out>) {
  return (
    <Form
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit((values) => !change.isPending && change.mutate(values))}
      className="grid content-start gap-3 rounded-lg border border-slate-200 p-4"
    >
      <div>
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
      <FormAlert boxed message={form.formState.errors.root?.message} />
      <div>
        <PendingButton
          type="submit"
          variant={button.variant}
          pending={change.isPending}
          icon={button.icon}
          pendingText={button.pending}
        >
          {button.label}
        </PendingButton>
      </div>
    </Form>
  );
}

/** A bank transfer of what is due, until staff say otherwise. */
const recordDefaults = (dueCents: number) => ({
  method: "bank",
  amountCents: dueCents > 0 ? formatFjdInput(dueCents) : "",
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
  // Every field is required and shows its error under it.
  const field = (name: keyof ReturnType<typeof recordDefaults>) => ({
    id: `record-${place.id}-${name}`,
    required: true,
    error: errors[name]?.message,
    ...form.register(name),
  });
  const method = field("method");
  return (
    <FeeForm
      id={`record-${place.id}`}
      title="Record payment"
      intro="A bank transfer or cash received. The place is confirmed and the payer is e-mailed a receipt."
      form={form}
      change={record}
      button={{ label: "Record payment", icon: <Banknote aria-hidden="true" />, pending: "Recording..." }}
    >
      <Field id={method.id} label="Method" required error={method.error}>
        <NativeSelect {...method} {...fieldAria(method.id, { error: method.error })}>
          <option value="bank">{METHOD_TEXT.bank}</option>
          <option value="cash">{METHOD_TEXT.cash}</option>
        </NativeSelect>
      </Field>
      <TextField label="Amount (FJD)" inputMode="decimal" autoComplete="off" {...field("amountCents")} />
      <TextField label="Receipt number" autoComplete="off" {...field("receiptNumber")} />
    </FeeForm>
  );
}

export function ConfirmWithoutPaymentForm({ place }: { place: PlaceRow }) {
  const form = useSchemaForm(ConfirmWithoutPaymentSchema, { reason: "" });
  const confirm = usePlaceChange(
    form,
    ({ reason }) => trainingApi.confirmWithoutPayment(place.id, reason),
    () => ({ title: "Place confirmed", description: `${place.name}'s place is confirmed without payment.` }),
  );
  const id = `waive-${place.id}`;
  return (
    <FeeForm
      id={id}
      title="Confirm without payment"
      intro="The place is confirmed and owes nothing. The reason is recorded in the activity log."
      form={form}
      change={confirm}
      button={{
        label: "Confirm without payment",
        icon: <BadgeCheck aria-hidden="true" />,
        pending: "Confirming...",
        variant: "outline",
      }}
    >
      <TextField
        id={`${id}-reason`}
        label="Reason"
        required
        autoComplete="off"
        error={form.formState.errors.reason?.message}
        {...form.register("reason")}
      />
    </FeeForm>
  );
}
