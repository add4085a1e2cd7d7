import type { EmailSignIn } from "@shared/portal";
import { useMutation } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useEffect } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { verbatim } from "@/components/ui/text-field";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useTypedFormValues } from "@/lib/typed-form-values";
import { toast } from "@/lib/use-toast";
import { failureMessage, returnToFromAddress, signInApi } from "./sign-in-api";
import { SignInStepForm } from "./sign-in-step-form";

const EMAIL_ID = "sign-in-email";
const INVALID_EMAIL = "Please enter a valid email address.";

interface EmailStepProps {
  /** The address typed before (back from the code step), or "". */
  email: string;
  /** The code is on its way to this (normalised) address. */
  onSent: (email: string) => void;
  /** Back from the code step: put the cursor in the address to correct it. */
  focusOnMount?: boolean;
  /** Where to land after signing in; by default the page's own ?returnTo=. */
  returnTo?: string;
}

const EMAIL_FORM_ID = "sign-in-email-form";
const checkEmail = lazyResolver<EmailSignIn>(() => import("./sign-in-checks").then((m) => m.checkEmail));

/** Step 1: the address to send the link and code to (POST /api/login/email). */
export function EmailStep({ email, onSent, focusOnMount = false, returnTo }: EmailStepProps) {
  // The error stays as it is until the next submit, as the server's would.
  const form = useForm<EmailSignIn>({
    resolver: checkEmail,
    defaultValues: { email },
    reValidateMode: "onSubmit",
  });
  // What was typed before the page's script ran (web/lib/typed-values.ts).
  useTypedFormValues(form, EMAIL_FORM_ID, { email: "" });
  const error = form.formState.errors.email?.message;

  useEffect(() => {
    if (focusOnMount) form.setFocus("email");
  }, [focusOnMount, form]);

  const send = useMutation({
    mutationFn: signInApi.requestCode,
    onSuccess: (_answer, sent) => onSent(sent.email),
    onError: (failure) => {
      const message = failureMessage(failure, INVALID_EMAIL);
      form.setError("email", { message });
      toastError(message);
    },
  });

  function toastError(message: string) {
    toast({ title: "Could not send the code", description: message, variant: "destructive" });
  }

  // react-hook-form puts the cursor in the address; the toast repeats the message.
  function invalid(found: FieldErrors<EmailSignIn>) {
    toastError(found.email?.message ?? INVALID_EMAIL);
  }

  const handleSubmit = form.handleSubmit((values) => {
    if (!send.isPending) send.mutate({ ...values, returnTo: returnTo ?? returnToFromAddress() });
  }, invalid);

  return (
    <SignInStepForm
      id={EMAIL_FORM_ID}
      onSubmit={handleSubmit}
      onFocus={checkEmail.preload}
      fieldId={EMAIL_ID}
      label="Email address"
      error={error}
      pending={send.isPending}
      icon={<Mail aria-hidden="true" />}
      pendingText="Sending..."
      submitText="Email me a sign-in code"
      native="sign-in"
    >
      <Input
        id={EMAIL_ID}
        type="email"
        autoComplete="email"
        {...verbatim}
        required
        {...form.register("email")}
        {...fieldAria(EMAIL_ID, { error })}
      />
    </SignInStepForm>
  );
}
