import type { VerifyCode } from "@shared/portal";
import { CODE_INVALID_MESSAGE, CODE_SENT_MESSAGE, SIGN_IN_CODE } from "@shared/portal-access";
import { useMutation } from "@tanstack/react-query";
import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useTypedFormValues } from "@/lib/typed-form-values";
import { toast } from "@/lib/use-toast";
import { failureMessage, returnToFromAddress, signInApi, useFinishSignIn } from "./sign-in-api";
import { SignInStepForm } from "./sign-in-step-form";

const CODE_ID = "sign-in-code";

interface CodeStepProps {
  email: string;
  /** Back to step 1 to correct the address. */
  onChangeEmail: () => void;
  /** Where to land after signing in; by default the page's own ?returnTo=. */
  returnTo?: string;
}

const CODE_FORM_ID = "sign-in-code-form";
const checkCode = lazyResolver<VerifyCode>(() => import("./sign-in-checks").then((m) => m.checkCode));

/** Step 2: the 6-digit code from the e-mail (POST /api/login/email/verify), or a fresh one. */
export function CodeStep({ email, onChangeEmail, returnTo }: CodeStepProps) {
  // The address is a value of the form, not a control: the schema checks it with the code, as the server does.
  const form = useForm<VerifyCode>({
    resolver: checkCode,
    defaultValues: { email, code: "" },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  // What was typed before the page's script ran (web/lib/typed-values.ts).
  useTypedFormValues(form, CODE_FORM_ID, { code: "" });
  const error = form.formState.errors.code?.message;
  const finish = useFinishSignIn();

  // The visitor comes here right after asking for the code: the code is all that is left to type.
  useEffect(() => {
    form.setFocus("code");
  }, [form]);

  function showError(message: string) {
    form.setError("code", { message }, { shouldFocus: true });
    toast({ title: "Sign-in failed", description: message, variant: "destructive" });
  }

  const verify = useMutation({
    mutationFn: signInApi.verifyCode,
    onSuccess: finish,
    onError: (failure) => showError(failureMessage(failure, CODE_INVALID_MESSAGE)),
  });

  const resend = useMutation({
    mutationFn: () => signInApi.requestCode({ email, returnTo: returnTo ?? returnToFromAddress() }),
    onSuccess: () => {
      form.reset({ email, code: "" });
      toast({ title: "New code sent", description: CODE_SENT_MESSAGE });
      form.setFocus("code");
    },
    onError: (failure) => {
      const message = failureMessage(failure, "Please try again in a moment.");
      form.setError("code", { message });
      toast({ title: "Could not send the code", description: message, variant: "destructive" });
    },
  });

  function invalid(found: FieldErrors<VerifyCode>) {
    showError(found.code?.message ?? CODE_INVALID_MESSAGE);
  }

  const handleSubmit = form.handleSubmit((values) => {
    if (!verify.isPending) verify.mutate(values);
  }, invalid);

  const busy = verify.isPending || resend.isPending;

  return (
    <SignInStepForm
      id={CODE_FORM_ID}
      onSubmit={handleSubmit}
      onFocus={checkCode.preload}
      fieldId={CODE_ID}
      label="Sign-in code"
      hint={`${SIGN_IN_CODE.digits} digits, valid for ${SIGN_IN_CODE.validMinutes} minutes and usable once.`}
      error={error}
      pending={verify.isPending}
      icon={<LogIn aria-hidden="true" />}
      pendingText="Signing in..."
      submitText="Sign In"
      before={
        <p
          role="status"
          className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
        >
          {CODE_SENT_MESSAGE} It went to <strong className="font-semibold break-all">{email}</strong>.
        </p>
      }
      after={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="link" className="h-auto px-0" onClick={onChangeEmail} disabled={busy}>
            Use a different e-mail
          </Button>
          <Button variant="link" className="h-auto px-0" onClick={() => resend.mutate()} disabled={busy}>
            {resend.isPending ? "Sending..." : "Send a new code"}
          </Button>
        </div>
      }
    >
      <Input
        id={CODE_ID}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        required
        {...form.register("code", {
          // Pasted codes may carry spaces or dashes; only the digits count.
          onChange: (event) =>
            form.setValue("code", event.target.value.replace(/\D/g, "").slice(0, SIGN_IN_CODE.digits)),
        })}
        className="font-mono text-lg tracking-[0.3em]"
        {...fieldAria(CODE_ID, { hint: true, error })}
      />
    </SignInStepForm>
  );
}
