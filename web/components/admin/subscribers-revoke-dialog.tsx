// Revoke ends Document Portal access at once, so it asks first: a slip of the mouse would lock a paying client out.
import type { AdminSubscriber } from "@shared/portal";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Ban, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { adminApi, httpStatus, invalidate, serverMessage } from "@/lib/admin-api";
import { toast } from "@/lib/use-toast";

export function RevokeAccessDialog({ subscriber }: { subscriber: AdminSubscriber }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { email } = subscriber;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const revoked = useRef(false);

  const revoke = useMutation({
    mutationFn: () => adminApi.revokeAccess(email),
    onSuccess: async () => {
      revoked.current = true;
      setOpen(false);
      toast({ title: "Access revoked", description: `${email} can no longer download premium documents.` });
      await invalidate.subscribers(queryClient);
    },
    onError: (error) => {
      // A 401 ends the session: the dashboard is already on its way to /admin.
      if (httpStatus(error) === 401) return;
      toast({
        title: "Could not revoke access",
        description: serverMessage(error) ?? "Failed to revoke access",
        variant: "destructive",
      });
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button ref={triggerRef} size="sm" variant="outline">
          <Ban aria-hidden="true" />
          Revoke
          {/* Every row has one: the hidden part tells screen-reader users whose access each one ends. */}
          <span className="sr-only"> access for {email}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The Revoke button goes away with the access, so focus would fall to the page: keep it on the list.
          if (!revoked.current) return;
          event.preventDefault();
          triggerRef.current?.closest<HTMLElement>('[role="region"]')?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Revoke access?</DialogTitle>
          <DialogDescription>
            <span className="break-all font-medium text-slate-900">{email}</span> loses access to premium
            documents straight away. You can grant access again at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
            {revoke.isPending && (
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            )}
            {revoke.isPending ? "Revoking..." : "Revoke access"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
