// The dashboard header's right-hand side: who is signed in, and the way out.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut, UserRound } from "lucide-react";
import { useLocation } from "wouter";
import { adminApi, forgetSession } from "@/features/staff/api";
import { ActionButton } from "./action-button";
import { failureToast } from "./failure-toast";

export function SessionActions({ username }: { username: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: adminApi.logout,
    onSuccess: () => {
      forgetSession(queryClient);
      navigate("/admin");
    },
    onError: failureToast("Failed to log out. Please try again."),
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
      <ActionButton action={logout} icon={LogOut} pendingText="Logging out...">
        Log out
      </ActionButton>
    </div>
  );
}
