import { CODE_INVALID_MESSAGE, CODE_SENT_MESSAGE, SIGN_IN_CODE, VerifyCodeSchema } from "@shared/portal";
import { useMutation } from "@tanstack/react-query";
import { LogIn } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { toast } from "@/lib/use-toast";
import { failureMessage, returnToFromAddress, signInApi, useFinishSignIn } from "./sign-in-api";
import { FormAlert } from "./sign-in-frame";

interface CodeStepProps {
  email: string;
  /** Back to step 1 to correct the address. */
  onChangeEmail: () => void;
}

/** Step 2: the 6-digit code from the e-mail (POST /api/login/email/verify), or a fresh one. */
export function CodeStep({ email, onChangeEmail }: CodeStepProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const finish = useFinishSignIn();

  // The visitor comes here right after asking for the code: the code is all that is left to type.
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function showError(message: string) {
    setError(message);
    toast({ title: "Sign-in failed", description: message, variant: "destructive" });
    inputRef.current?.focus();
  }

  const verify = useMutation({
    mutationFn: signInApi.verifyCode,
    onSuccess: finish,
    onError: (failure) => showError(failureMessage(failure, CODE_INVALID_MESSAGE)),
  });

  const resend = useMutation({
    mutationFn: () => signInApi.requestCode({ email, returnTo: returnToFromAddress() }),
    onSuccess: () => {
      setCode("");
      setError("");
      toast({ title: "New code sent", description: CODE_SENT_MESSAGE });
      inputRef.current?.focus();
    },
    onError: (failure) => {
      const message = failureMessage(failure, "Please try again in a moment.");
      setError(message);
      toast({ title: "Could not send the code", description: message, variant: "destructive" });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = VerifyCodeSchema.safeParse({ email, code });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === "code");
      showError(issue?.message ?? CODE_INVALID_MESSAGE);
      return;
    }
    setError("");
    verify.mutate(parsed.data);
  }

  const busy = verify.isPending || resend.isPending;

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
      <p role="status" className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
        {CODE_SENT_MESSAGE} It went to <strong className="font-semibold break-all">{email}</strong>.
      </p>
      <Field
        id="sign-in-code"
        label="Sign-in code"
        hint={`${SIGN_IN_CODE.digits} digits, valid for ${SIGN_IN_CODE.validMinutes} minutes and usable once.`}
      >
        <Input
          ref={inputRef}
          id="sign-in-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          required
          value={code}
          // Pasted codes may carry spaces or dashes; only the digits count.
          onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, SIGN_IN_CODE.digits))}
          className="font-mono text-lg tracking-[0.3em]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sign-in-code-hint sign-in-code-error" : "sign-in-code-hint"}
        />
      </Field>
      <div id="sign-in-code-error">
        <FormAlert message={error} />
      </div>
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={verify.isPending}
        icon={<LogIn aria-hidden="true" />}
        pendingText="Signing in..."
      >
        Sign In
      </PendingButton>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="link" className="h-auto px-0" onClick={onChangeEmail} disabled={busy}>
          Use a different e-mail
        </Button>
        <Button variant="link" className="h-auto px-0" onClick={() => resend.mutate()} disabled={busy}>
          {resend.isPending ? "Sending..." : "Send a new code"}
        </Button>
      </div>
    </form>
  );
}
