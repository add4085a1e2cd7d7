// The dashboard header's right-hand side: who is signed in, and the way out.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import { PendingButton } from "@/components/ui/pending-button";
import { adminApi, forgetSession, httpStatus } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";

export function SessionActions({ username }: { username: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: adminApi.logout,
    onSuccess: () => {
      forgetSession(queryClient);
      navigate("/admin");
    },
    onError: (error) => {
      // A 401 means the session had already ended; the session guard takes the visitor to /admin.
      if (httpStatus(error) === 401) return;
      toast({ title: "Error", description: "Failed to log out. Please try again.", variant: "destructive" });
    },
  });

  return (
    <div className="flex items-center gap-3">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <UserRound className="size-4 text-slate-500" aria-hidden="true" />
        <span>
          <span className="sr-only sm:not-sr-only">Signed in as </span>
          <strong className="font-semibold text-slate-900">{username}</strong>
        </span>
      </p>
      <PendingButton
        variant="outline"
        size="sm"
        onClick={() => logout.mutate()}
        pending={logout.isPending}
        icon={<LogOut aria-hidden="true" />}
        pendingText="Logging out..."
      >
        Log out
      </PendingButton>
    </div>
  );
}
