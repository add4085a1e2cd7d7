// The staff member's own account: two-factor sign-in, password change, and the sessions signed in as them.
import type { StaffSessionRow } from "@shared/admin-security";
import { ChangePasswordFormSchema } from "@shared/staff-forms";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Panel } from "@/components/ui/panel";
import { PendingButton } from "@/components/ui/pending-button";
import { firstError, useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { invalidateSecurity, securityApi, securityQueries } from "@/features/staff/api-security";
import { toast } from "@/lib/use-toast";
import { toastFailure } from "./failure-toast";
import { formatFijiDateTime } from "./format";
import { MfaSetup, RecoveryCodes } from "./mfa-setup";

export function AccountSecurityPanel() {
  return (
    <div className="grid gap-6">
      <TwoFactorSection />
      <ChangePasswordSection />
      <SessionsSection />
    </div>
  );
}

function TwoFactorSection() {
  const queryClient = useQueryClient();
  const account = useQuery(securityQueries.account());
  const [settingUp, setSettingUp] = useState(false);
  const enabled = account.data?.mfaEnabled ?? false;
  return (
    <Panel headingId="two-factor-heading" heading="Two-factor sign-in">
      <div className="mt-3 grid gap-4">
        {account.data && !settingUp && (
          <p className="text-sm text-slate-700">
            {enabled
              ? `On: sign-in asks for a code from your authenticator app. Recovery codes left: ${account.data.recoveryCodesLeft}.`
              : "Off: sign-in needs only your password. Turn on an authenticator app for a second step."}
          </p>
        )}
        {(!enabled || settingUp) && account.data && (
          <MfaSetup
            askPassword
            onEnabled={() => setSettingUp(true)}
            onFinished={() => {
              setSettingUp(false);
              void invalidateSecurity(queryClient);
            }}
          />
        )}
        {enabled && !settingUp && (
          <>
            <NewRecoveryCodes outdated={account.data?.recoveryCodesOutdated ?? false} />
            <p className="text-xs text-slate-600">
              Lost your phone and your recovery codes? Someone with server access can turn it off with{" "}
              <code className="font-mono">npm run admin -- reset-2fa USERNAME</code>
              {account.data?.mfaRequired ? "; you then set it up again at your next sign-in." : "."}
            </p>
          </>
        )}
      </div>
    </Panel>
  );
}

/** Older recovery codes (before ADR 051) are asked to be replaced; any set can be replaced (it asks for a code). */
function NewRecoveryCodes({ outdated }: { outdated: boolean }) {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useMutation({
    mutationFn: securityApi.regenerateRecoveryCodes,
    onSuccess: (data) => setCodes(data.recoveryCodes),
    onError: (failure) => toastFailure("No new recovery codes", failure, "Please try again."),
  });
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onSaved={() => {
          setCodes(null);
          void invalidateSecurity(queryClient);
        }}
      />
    );
  }
  return (
    <div className="grid gap-2">
      {outdated && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          Your recovery codes are of an older kind. Make a new set and keep it instead: the old codes then
          stop working.
        </p>
      )}
      <PendingButton
        type="button"
        variant="outline"
        pending={regenerate.isPending}
        onClick={() => regenerate.mutate()}
        className="justify-self-start"
      >
        Make new recovery codes
      </PendingButton>
    </div>
  );
}

const PASSWORD_FIELDS = [
  {
    name: "currentPassword",
    id: "current-password",
    label: "Current password",
    autoComplete: "current-password",
  },
  {
    name: "newPassword",
    id: "new-password",
    label: "New password",
    hint: "At least 12 characters; common passwords are refused.",
    autoComplete: "new-password",
  },
  {
    name: "repeatPassword",
    id: "repeat-password",
    label: "Repeat new password",
    autoComplete: "new-password",
  },
] as const;

function ChangePasswordSection() {
  const queryClient = useQueryClient();
  const blank = { currentPassword: "", newPassword: "", repeatPassword: "" };
  // One message sits above the button, for the form and the server alike; the focus stays where it was.
  const form = useSchemaForm(ChangePasswordFormSchema, blank, { focusError: false });
  const { errors } = form.formState;
  const error =
    errors.root?.message ??
    firstError(
      errors,
      PASSWORD_FIELDS.map((field) => field.name),
    );
  const change = useMutation({
    mutationFn: securityApi.changePassword,
    onSuccess: async (result) => {
      form.reset(blank);
      toast({
        title: "Password changed",
        description:
          result.endedSessions > 0
            ? `Your other sessions (${result.endedSessions}) were signed out.`
            : "Use the new password next time you sign in.",
      });
      await invalidateSecurity(queryClient);
    },
    onError: (failure) => {
      if (httpStatus(failure) === 401) return;
      form.setError("root", {
        message: serverMessage(failure) ?? "The password could not be changed. Please try again.",
      });
    },
  });

  const handleSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }),
  );

  return (
    <Panel headingId="change-password-heading" heading="Change password">
      <Form onSubmit={handleSubmit} className="mt-3 grid max-w-md gap-4">
        {PASSWORD_FIELDS.map(({ name, ...field }) => (
          <TextField key={name} type="password" {...field} {...form.register(name)} />
        ))}
        <FormAlert message={error} />
        <PendingButton type="submit" pending={change.isPending} className="justify-self-start">
          Change password
        </PendingButton>
      </Form>
    </Panel>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery(securityQueries.sessions());
  const onError = (failure: unknown) => toastFailure("Error", failure, "The session could not be ended.");
  const end = useMutation({
    mutationFn: securityApi.endSession,
    onSuccess: () => invalidateSecurity(queryClient),
    onError,
  });
  const endOthers = useMutation({
    mutationFn: securityApi.endOtherSessions,
    onSuccess: (result) => {
      toast({ title: "Signed out elsewhere", description: `${result.ended} other session(s) ended.` });
      return invalidateSecurity(queryClient);
    },
    onError,
  });
  const rows = sessions.data?.sessions ?? [];
  return (
    <Panel headingId="sessions-heading" heading="Signed-in sessions">
      <ul className="mt-3 grid gap-3" aria-label="Signed-in sessions">
        {rows.map((row) => (
          <SessionItem key={row.id} row={row} onEnd={() => end.mutate(row.id)} ending={end.isPending} />
        ))}
      </ul>
      {rows.length > 1 && (
        <Button
          type="button"
          variant="outline"
          className="mt-4"
          onClick={() => endOthers.mutate()}
          disabled={endOthers.isPending}
        >
          Sign out all other sessions
        </Button>
      )}
    </Panel>
  );
}

function SessionItem({ row, onEnd, ending }: { row: StaffSessionRow; onEnd: () => void; ending: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 text-sm">
      <div className="grid gap-1 text-slate-700">
        <span className="font-medium text-slate-900">
          {row.userAgent ?? "Unknown device"}
          {row.current && " (this session)"}
        </span>
        <span>
          {row.ip ?? "Unknown address"} · signed in {formatFijiDateTime(row.createdAt)} · last seen{" "}
          {formatFijiDateTime(row.lastSeenAt)}
        </span>
      </div>
      {!row.current && (
        <Button type="button" variant="outline" size="sm" onClick={onEnd} disabled={ending}>
          End session
        </Button>
      )}
    </li>
  );
}
