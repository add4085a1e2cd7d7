// Turning on two-factor sign-in: the current password (from the dashboard), scan the QR code (or type the secret),
// confirm with a current code, then keep the ten recovery codes shown once. Used by the dashboard's Account security
// view and by the sign-in page when it is mandatory (owners always, everyone under ADMIN_REQUIRE_MFA; ADR 051).
import type { MfaSetupResponse } from "@shared/admin-security";
import { MfaSetupCodeSchema } from "@shared/staff-forms";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { serverMessage } from "@/features/staff/api";
import { securityApi } from "@/features/staff/api-security";

interface MfaSetupProps {
  /** The recovery codes were shown and the staff member said they have kept them. */
  onFinished: () => void;
  /** Two-factor just went on (before the recovery codes are acknowledged). */
  onEnabled?: () => void;
  /** Ask for the current password first (from the dashboard; the sign-in's setup has just checked it). */
  askPassword?: boolean;
}

/** The ten codes shown once, and the button that says they are kept. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className="grid gap-4">
      <h3 className="text-base font-semibold text-slate-900">Recovery codes</h3>
      <p className="text-sm text-slate-700">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if your
        phone is lost. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((c) => (
          <li key={c} className="rounded bg-slate-100 px-2 py-1">
            {c}
          </li>
        ))}
      </ul>
      <Button type="button" onClick={onSaved} className="justify-self-start">
        I have saved my recovery codes
      </Button>
    </div>
  );
}

export function MfaSetup({ onFinished, onEnabled, askPassword = false }: MfaSetupProps) {
  const [currentPassword, setCurrentPassword] = useState("");
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);
  // One message, from the server or the code's check, sits above the button; the focus stays where it was.
  const form = useSchemaForm(MfaSetupCodeSchema, { code: "" }, { focusError: false });
  const { errors } = form.formState;
  const [startError, setStartError] = useState("");
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useMutation({
    mutationFn: () => securityApi.startSetup(askPassword ? currentPassword : undefined),
    onSuccess: (data) => {
      setSetup(data);
      setStartError("");
    },
    onError: (failure) =>
      setStartError(serverMessage(failure) ?? "Two-factor setup could not start. Please try again."),
  });
  const confirm = useMutation({
    mutationFn: securityApi.confirmSetup,
    onSuccess: (data) => {
      setRecoveryCodes(data.recoveryCodes);
      onEnabled?.();
    },
    onError: (failure) =>
      form.setError("root", { message: serverMessage(failure) ?? "That code is not valid." }),
  });

  const handleConfirm = form.handleSubmit(({ code }) => confirm.mutate(code));
  const error = errors.root?.message ?? errors.code?.message;

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onSaved={onFinished} />;

  if (!setup) {
    const begin = (event: FormEvent) => {
      event.preventDefault();
      if (askPassword && !currentPassword) {
        setStartError("Please enter your current password to turn on two-factor sign-in.");
        return;
      }
      if (!start.isPending) start.mutate();
    };
    return (
      <Form onSubmit={begin} className="grid gap-3">
        {askPassword && (
          <TextField
            id="mfa-current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            className="max-w-sm"
          />
        )}
        <FormAlert message={startError} />
        <PendingButton
          type="submit"
          pending={start.isPending}
          icon={<ShieldCheck aria-hidden="true" />}
          className="justify-self-start"
        >
          Set up two-factor sign-in
        </PendingButton>
      </Form>
    );
  }

  return (
    <Form onSubmit={handleConfirm} className="grid gap-4">
      <p className="text-sm text-slate-700">
        Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or
        1Password), or type the secret key into it. Then enter the 6-digit code the app shows.
      </p>
      <img
        src={setup.qrDataUrl}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="rounded border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-700">
        Secret key:{" "}
        <code
          data-testid="mfa-secret"
          className="break-all rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-900"
        >
          {setup.secret}
        </code>
      </p>
      <TextField
        id="mfa-setup-code"
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...form.register("code")}
        aria-invalid={error ? true : undefined}
        className="max-w-40"
      />
      <FormAlert message={error} />
      <PendingButton type="submit" pending={confirm.isPending} className="justify-self-start">
        Turn on two-factor sign-in
      </PendingButton>
    </Form>
  );
}
