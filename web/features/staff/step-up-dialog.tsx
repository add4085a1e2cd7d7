// The dashboard's step-up (ADR 051): a sensitive action refused for want of a recent second factor opens this dialog,
// which asks for an authenticator (or recovery) code; once it is accepted the action is sent again by itself
// (web/lib/api.ts). An account without two-factor is told to turn it on first, with a way to the Account security view.
import { MFA_SETUP_REQUIRED, MfaCodeSchema, STEP_UP_REQUIRED } from "@shared/admin-security";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField, verbatim } from "@/components/ui/text-field";
import { serverMessage } from "@/features/staff/api";
import { securityApi } from "@/features/staff/api-security";
import { askForSecondFactor, setStepUpHandler } from "@/lib/api";

/**
 * Before something that cannot be retried by a call (a download by link): answers true when the session's second
 * factor is recent enough, otherwise asks for one first.
 */
export async function ensureRecentSecondFactor(): Promise<boolean> {
  const status = await securityApi.stepUpStatus();
  if (!status.mfaEnabled) return askForSecondFactor(MFA_SETUP_REQUIRED.code);
  // A little margin: the download starts a moment after this answer.
  if (status.verifiedUntil && Date.parse(status.verifiedUntil) > Date.now() + 30_000) return true;
  return askForSecondFactor(STEP_UP_REQUIRED.code);
}

interface Pending {
  code: string;
  resolve: (passed: boolean) => void;
}

/** Mounted once in the dashboard: answers every step-up while it is open. */
export function StepUpHost({ onOpenSecurity }: { onOpenSecurity: () => void }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  useEffect(() => {
    setStepUpHandler(
      (code) =>
        new Promise<boolean>((resolve) => {
          // A second request while the dialog is open waits for the same answer.
          const previous = current.current;
          const next: Pending = {
            code,
            resolve: (passed) => {
              previous?.resolve(passed);
              resolve(passed);
            },
          };
          current.current = next;
          setPending(next);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  function close(passed: boolean) {
    current.current?.resolve(passed);
    current.current = null;
    setPending(null);
  }

  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && close(false)}>
      <DialogContent>
        {pending?.code === MFA_SETUP_REQUIRED.code ? (
          <TurnOnFirst
            onOpenSecurity={() => {
              close(false);
              onOpenSecurity();
            }}
          />
        ) : (
          <CodeForm onPassed={() => close(true)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TurnOnFirst({ onOpenSecurity }: { onOpenSecurity: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Two-factor sign-in needed</DialogTitle>
        <DialogDescription>{MFA_SETUP_REQUIRED.message}</DialogDescription>
      </DialogHeader>
      <DialogActions>
        <Button type="button" onClick={onOpenSecurity}>
          Open Account security
        </Button>
      </DialogActions>
    </>
  );
}

function CodeForm({ onPassed }: { onPassed: () => void }) {
  const form = useSchemaForm(MfaCodeSchema, { code: "" }, { focusError: false });
  const { errors } = form.formState;
  const error = errors.root?.message ?? errors.code?.message;
  const verify = useMutation({
    mutationFn: securityApi.stepUp,
    onSuccess: onPassed,
    onError: (failure) =>
      form.setError("root", {
        message: serverMessage(failure) ?? "The code could not be checked. Please try again.",
      }),
  });
  const handleSubmit = form.handleSubmit(({ code }) => {
    if (!verify.isPending) verify.mutate(code);
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Confirm it is you</DialogTitle>
        <DialogDescription>
          {STEP_UP_REQUIRED.message} Enter the 6-digit code from your authenticator app, or one of your
          recovery codes. It covers this kind of action for the next 10 minutes.
        </DialogDescription>
      </DialogHeader>
      <Form onSubmit={handleSubmit} className="grid gap-4">
        <TextField
          id="step-up-code"
          label="Authentication code"
          autoComplete="one-time-code"
          autoFocus
          {...verbatim}
          {...form.register("code")}
          aria-invalid={error ? true : undefined}
        />
        <FormAlert message={error} />
        <DialogActions closeDisabled={verify.isPending}>
          <PendingButton type="submit" pending={verify.isPending} pendingText="Checking...">
            Confirm
          </PendingButton>
        </DialogActions>
      </Form>
    </>
  );
}
