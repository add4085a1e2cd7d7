// The sign-in page's step after the password: the authenticator (or recovery) code, or the mandatory setup of
// two-factor sign-in when ADMIN_REQUIRE_MFA is on.
import { MFA_EXPIRED } from "@shared/admin-security";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { PageShell } from "@/components/layout/page-shell";
import { Card } from "@/components/ui/card";
import { Field, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { securityApi } from "@/features/staff/api-security";
import { toast } from "@/lib/use-toast";
import { MfaSetup } from "./mfa-setup";

function StepCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageShell mainClassName="flex items-center justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </Card>
    </PageShell>
  );
}

export function MfaCodeStep({
  onSuccess,
  onRestart,
}: {
  onSuccess: (user: { username: string }) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const verify = useMutation({
    mutationFn: securityApi.verifyCode,
    onSuccess,
    onError: (failure) => {
      const message = serverMessage(failure) ?? "The code could not be checked. Please try again.";
      setError(message);
      toast({ title: "Login Failed", description: message, variant: "destructive" });
      // The pending step timed out: the password must be entered again.
      if (httpStatus(failure) === 401 && message === MFA_EXPIRED) onRestart();
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    if (code.trim().length < 6) {
      setError("Please enter the 6-digit code from your app.");
      return;
    }
    verify.mutate(code.trim());
  }

  return (
    <StepCard title="Two-factor sign-in">
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
        <Field id="admin-mfa-code" label="Authentication code">
          <Input
            id="admin-mfa-code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <FormAlert boxed message={error} />
        <PendingButton type="submit" size="lg" className="w-full" pending={verify.isPending}>
          Verify
        </PendingButton>
      </form>
    </StepCard>
  );
}

export function MfaSetupStep({ onSuccess }: { onSuccess: () => void }) {
  return (
    <StepCard title="Set up two-factor sign-in">
      <p className="mt-2 mb-6 text-sm leading-relaxed text-slate-600">
        Staff accounts must use an authenticator app. Set it up now to continue to the dashboard.
      </p>
      <MfaSetup onFinished={onSuccess} />
    </StepCard>
  );
}
