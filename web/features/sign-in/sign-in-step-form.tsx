import type { ReactNode } from "react";
import { AuthForm, type AuthFormProps } from "@/components/ui/auth-form";
import { errorIdFor, Field } from "@/components/ui/field";
import { FormAlert } from "./sign-in-frame";

interface SignInStepFormProps extends Omit<AuthFormProps, "alert" | "icon" | "pendingText"> {
  /** The id of the step's one control; its error box is `errorIdFor(fieldId)`. */
  fieldId: string;
  label: string;
  hint?: string;
  /** The step's error (the schema's or the server's), announced in a box under the control. */
  error: string | undefined;
  icon: ReactNode;
  pendingText: string;
  /** Shown above the control (the code step's "sent to" note). */
  before?: ReactNode;
}

/** The form both sign-in steps share: one labelled control, its error box, the submit button. */
export function SignInStepForm({
  fieldId,
  label,
  hint,
  error,
  before,
  children,
  ...form
}: SignInStepFormProps) {
  return (
    <AuthForm
      {...form}
      alert={
        // The whole box is the control's description, so the error is read with it.
        <div id={errorIdFor(fieldId)}>
          <FormAlert message={error ?? ""} />
        </div>
      }
    >
      {before}
      <Field id={fieldId} label={label} hint={hint}>
        {children}
      </Field>
    </AuthForm>
  );
}
