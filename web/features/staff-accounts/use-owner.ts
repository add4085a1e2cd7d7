// Whether the signed-in staff member is an owner, from the dashboard's session query (GET /api/admin/auth says the
// role). Screens hide owner-only controls from staff with it; the server refuses their calls anyway.
import { useQuery } from "@tanstack/react-query";
import { adminQueries } from "@/features/staff/api";

export function useIsOwner(): boolean {
  return useQuery(adminQueries.auth()).data?.role === "owner";
}
