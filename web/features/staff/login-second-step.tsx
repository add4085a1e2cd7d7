// The sign-in page's step after the password: the authenticator (or recovery) code, or the mandatory setup of
// two-factor sign-in when ADMIN_REQUIRE_MFA is on.
import { MFA_EXPIRED, MfaCodeSchema } from "@shared/admin-security";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { AuthForm } from "@/components/ui/auth-form";
import { FormAlert } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField, verbatim } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { securityApi } from "@/features/staff/api-security";
import { toast } from "@/lib/use-toast";
import { MfaSetup } from "./mfa-setup";
import { SignInCard } from "./sign-in-card";

function StepCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignInCard icon={<ShieldCheck className="size-6" aria-hidden="true" />} title={title}>
      {children}
    </SignInCard>
  );
}

export function MfaCodeStep({
  onSuccess,
  onRestart,
}: {
  onSuccess: (user: { username: string }) => void;
  onRestart: () => void;
}) {
  // The one message sits above the button, so a short code does not move the focus.
  const form = useSchemaForm(MfaCodeSchema, { code: "" }, { focusError: false });
  const { errors } = form.formState;
  const error = errors.root?.message ?? errors.code?.message;
  const verify = useMutation({
    mutationFn: securityApi.verifyCode,
    onSuccess,
    onError: (failure) => {
      const message = serverMessage(failure) ?? "The code could not be checked. Please try again.";
      form.setError("root", { message });
      toast({ title: "Login Failed", description: message, variant: "destructive" });
      // The pending step timed out: the password must be entered again.
      if (httpStatus(failure) === 401 && message === MFA_EXPIRED) onRestart();
    },
  });

  const handleSubmit = form.handleSubmit(({ code }) => {
    if (!verify.isPending) verify.mutate(code);
  });

  return (
    <StepCard title="Two-factor sign-in">
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <AuthForm
        id="staff-second-step-form"
        onSubmit={handleSubmit}
        alert={<FormAlert boxed message={error} />}
        pending={verify.isPending}
        submitText="Verify"
      >
        <TextField
          id="admin-mfa-code"
          label="Authentication code"
          autoComplete="one-time-code"
          {...verbatim}
          {...form.register("code")}
          aria-invalid={error ? true : undefined}
        />
      </AuthForm>
    </StepCard>
  );
}

export function MfaSetupStep({ onSuccess }: { onSuccess: () => void }) {
  return (
    <StepCard title="Set up two-factor sign-in">
      <p className="mt-2 mb-6 text-sm leading-relaxed text-slate-600">
        Your account must use an authenticator app (owners always do). Set it up now and save your recovery
        codes to continue to the dashboard.
      </p>
      <MfaSetup onFinished={onSuccess} />
    </StepCard>
  );
}
