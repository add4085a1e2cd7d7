// The buttons of one account row (role, disable/enable) and of one invitation row (send again, withdraw). Disabling
// and withdrawing ask first; the server refuses what would leave the site without an owner, and says why.
import type { StaffAccountRow, StaffInviteRow } from "@shared/staff-accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban, CircleCheck, Mail, ShieldCheck, UserRound, X } from "lucide-react";
import { IconLabel } from "@/components/ui/icon-label";
import { PendingButton } from "@/components/ui/pending-button";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { toast } from "@/lib/use-toast";
import { refreshStaffAccounts, staffAccountApi } from "./api";

function useRefresh() {
  const queryClient = useQueryClient();
  return () => refreshStaffAccounts(queryClient);
}

export function AccountActions({ account }: { account: StaffAccountRow }) {
  const refresh = useRefresh();
  const name = account.username;
  const nextRole = account.role === "owner" ? "staff" : "owner";
  const role = useMutation({
    mutationFn: () => staffAccountApi.change(account.id, { role: nextRole }),
    onSuccess: async (saved) => {
      toast({
        title: "Role changed",
        description: `${saved.username} is now ${saved.role === "owner" ? "an owner" : "staff"}.`,
      });
      await refresh();
    },
    onError: (error) => toastFailure("Could not change the role", error),
  });
  const enable = useMutation({
    mutationFn: () => staffAccountApi.change(account.id, { disabled: false }),
    onSuccess: async () => {
      toast({ title: "Account enabled", description: `${name} can sign in again.` });
      await refresh();
    },
    onError: (error) => toastFailure("Could not enable the account", error),
  });
  const disable = useConfirmAction({
    mutationFn: () => staffAccountApi.change(account.id, { disabled: true }),
    onSuccess: async () => {
      toast({ title: "Account disabled", description: `${name} is signed out and cannot sign in.` });
      await refresh();
    },
    onError: (error) => toastFailure("Could not disable the account", error),
  });

  return (
    <div className="flex gap-2">
      <PendingButton size="sm" variant="outline" pending={role.isPending} onClick={() => role.mutate()}>
        <IconLabel icon={nextRole === "owner" ? ShieldCheck : UserRound} detail={` ${name}`}>
          {nextRole === "owner" ? "Make owner" : "Make staff"}
        </IconLabel>
      </PendingButton>
      {account.disabledAt ? (
        <PendingButton size="sm" variant="outline" pending={enable.isPending} onClick={() => enable.mutate()}>
          <IconLabel icon={CircleCheck} detail={` ${name}`}>
            Enable
          </IconLabel>
        </PendingButton>
      ) : (
        <ConfirmDialog
          {...disable.confirm}
          trigger={
            <IconLabel icon={Ban} detail={` ${name}`}>
              Disable
            </IconLabel>
          }
          title={`Disable ${name}?`}
          description={`${name} is signed out everywhere at once and cannot sign in until an owner enables the account again.`}
          confirmLabel="Disable account"
          pendingLabel="Disabling..."
          confirmVariant="destructive"
          onConfirm={() => disable.mutate()}
        />
      )}
    </div>
  );
}

export function InviteActions({ invite }: { invite: StaffInviteRow }) {
  const refresh = useRefresh();
  const resend = useMutation({
    mutationFn: () => staffAccountApi.resend(invite.id),
    onSuccess: async () => {
      toast({
        title: "Invitation sent again",
        description: `${invite.email} has a new link; the old one no longer works.`,
      });
      await refresh();
    },
    onError: (error) => toastFailure("Could not send the invitation", error),
  });
  const revoke = useConfirmAction({
    mutationFn: () => staffAccountApi.revoke(invite.id),
    onSuccess: async () => {
      toast({
        title: "Invitation withdrawn",
        description: `The link sent to ${invite.email} no longer works.`,
      });
      await refresh();
    },
    onError: (error) => toastFailure("Could not withdraw the invitation", error),
  });
  if (invite.state === "used" || invite.state === "revoked") return null;
  return (
    <div className="flex gap-2">
      <PendingButton size="sm" variant="outline" pending={resend.isPending} onClick={() => resend.mutate()}>
        <IconLabel icon={Mail} detail={` to ${invite.email}`}>
          Send again
        </IconLabel>
      </PendingButton>
      {invite.state === "pending" && (
        <ConfirmDialog
          {...revoke.confirm}
          trigger={
            <IconLabel icon={X} detail={` the invitation to ${invite.email}`}>
              Withdraw
            </IconLabel>
          }
          title="Withdraw this invitation?"
          description={`The link sent to ${invite.email} stops working. You can invite them again later.`}
          confirmLabel="Withdraw invitation"
          pendingLabel="Withdrawing..."
          confirmVariant="destructive"
          onConfirm={() => revoke.mutate()}
        />
      )}
    </div>
  );
}
