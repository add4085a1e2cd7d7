// A 401 from any staff endpoint means the session ended (expired, or signed out in another tab). Marking the
// session query signed-out sends the dashboard to /admin through the same path as a visit without a session.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ADMIN_AUTH_KEY, type AdminUser, httpStatus } from "@/features/staff/api";

export function useSessionGuard(): void {
  const client = useQueryClient();
  useEffect(() => {
    const endSessionOn401 = (error: unknown) => {
      if (httpStatus(error) === 401) client.setQueryData<AdminUser | null>(ADMIN_AUTH_KEY, null);
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") endSessionOn401(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") endSessionOn401(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}
