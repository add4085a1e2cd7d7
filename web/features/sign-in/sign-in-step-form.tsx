import type { FormEventHandler, ReactNode } from "react";
import { errorIdFor, Field } from "@/components/ui/field";
import { PendingButton } from "@/components/ui/pending-button";
import { FormAlert } from "./sign-in-frame";

interface SignInStepFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The id of the step's one control; its error box is `errorIdFor(fieldId)`. */
  fieldId: string;
  label: string;
  hint?: string;
  /** The step's error (the schema's or the server's), announced in a box under the control. */
  error: string | undefined;
  pending: boolean;
  icon: ReactNode;
  pendingText: string;
  submitText: string;
  /** Shown above the control (the code step's "sent to" note). */
  before?: ReactNode;
  /** Shown under the submit button (the code step's links). */
  after?: ReactNode;
  /** The control itself. */
  children: ReactNode;
}

/** The form both sign-in steps share: one labelled control, its error box, the submit button. */
export function SignInStepForm({
  onSubmit,
  fieldId,
  label,
  hint,
  error,
  pending,
  icon,
  pendingText,
  submitText,
  before,
  after,
  children,
}: SignInStepFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
      {before}
      <Field id={fieldId} label={label} hint={hint}>
        {children}
      </Field>
      {/* The whole box is the control's description, so the error is read with it. */}
      <div id={errorIdFor(fieldId)}>
        <FormAlert message={error ?? ""} />
      </div>
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={pending}
        icon={icon}
        pendingText={pendingText}
      >
        {submitText}
      </PendingButton>
      {after}
    </form>
  );
}
