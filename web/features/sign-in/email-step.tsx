import { EmailSignInSchema } from "@shared/portal";
import { useMutation } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { toast } from "@/lib/use-toast";
import { failureMessage, returnToFromAddress, signInApi } from "./sign-in-api";
import { FormAlert } from "./sign-in-frame";

interface EmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** The code is on its way to this (normalised) address. */
  onSent: (email: string) => void;
  /** Back from the code step: put the cursor in the address to correct it. */
  focusOnMount?: boolean;
}

/** Step 1: the address to send the link and code to (POST /api/login/email). */
export function EmailStep({ email, onEmailChange, onSent, focusOnMount = false }: EmailStepProps) {
  const [error, setError] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  const send = useMutation({
    mutationFn: signInApi.requestCode,
    onSuccess: (_answer, sent) => onSent(sent.email),
    onError: (failure) => showError(failureMessage(failure, "Please enter a valid email address.")),
  });

  function showError(message: string) {
    setError(message);
    toast({ title: "Could not send the code", description: message, variant: "destructive" });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = EmailSignInSchema.safeParse({ email, returnTo: returnToFromAddress() });
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? "Please enter a valid email address.");
      inputRef.current?.focus();
      return;
    }
    setError("");
    send.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
      <Field id="sign-in-email" label="Email address">
        <Input
          ref={inputRef}
          id="sign-in-email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sign-in-email-error" : undefined}
        />
      </Field>
      <div id="sign-in-email-error">
        <FormAlert message={error} />
      </div>
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={send.isPending}
        icon={<Mail aria-hidden="true" />}
        pendingText="Sending..."
      >
        Email me a sign-in code
      </PendingButton>
    </form>
  );
}
