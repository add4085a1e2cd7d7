// Revoke ends Document Portal access at once, so it asks first: a slip of the mouse would lock a paying client out.
import type { AdminSubscriber } from "@shared/portal";
import { useQueryClient } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { IconLabel } from "@/components/ui/icon-label";
import { adminApi, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog, useConfirmAction } from "./confirm-dialog";
import { toastFailure } from "./failure-toast";

export function RevokeAccessDialog({ subscriber }: { subscriber: AdminSubscriber }) {
  const queryClient = useQueryClient();
  const { email } = subscriber;

  const revoke = useConfirmAction({
    mutationFn: () => adminApi.revokeAccess(email),
    onSuccess: async () => {
      toast({ title: "Access revoked", description: `${email} can no longer download premium documents.` });
      await invalidate.subscribers(queryClient);
    },
    onError: (error) => toastFailure("Could not revoke access", error, "Failed to revoke access"),
  });

  return (
    <ConfirmDialog
      {...revoke.confirm}
      // Every row has one: the hidden part tells screen-reader users whose access each one ends.
      trigger={
        <IconLabel icon={Ban} detail={` access for ${email}`}>
          Revoke
        </IconLabel>
      }
      title="Revoke access?"
      description={
        <>
          <span className="break-all font-medium text-slate-900">{email}</span> loses access to premium
          documents straight away. You can grant access again at any time.
        </>
      }
      confirmLabel="Revoke access"
      pendingLabel="Revoking..."
      confirmVariant="destructive"
      onConfirm={() => revoke.mutate()}
    />
  );
}
