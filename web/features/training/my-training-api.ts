// The calls of /my-training and its confirm page (contracts in shared/applicant.ts).
import type {
  AddressConfirmation,
  CancelledPlaceSchema,
  MyApplications,
  SignInOptionsSchema,
} from "@shared/applicant";
import type { Wire } from "@shared/wire";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { getQueryFn } from "@/lib/query-client";

export const APPLICATIONS_KEY = ["/api/training/applications"] as const;

/** The signed-in person's applications; null when the session has ended meanwhile (a 401). */
export function useMyApplications(enabled: boolean) {
  return useQuery({
    queryKey: APPLICATIONS_KEY,
    queryFn: getQueryFn<MyApplications>({ on401: "returnNull" }),
    enabled,
  });
}

/** Whether the OIDC sign-in is offered beside the e-mail code. */
export function useSignInOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/training/sign-in-options"],
    queryFn: getQueryFn<Wire<typeof SignInOptionsSchema>>({ on401: "throw" }),
    enabled,
  });
}

/** Cancels a place, then reloads the list (its status, and maybe the waitlist, changed). */
export function useCancelPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placeId: number) =>
      apiJson<Wire<typeof CancelledPlaceSchema>>("POST", `/api/training/places/${placeId}/cancel`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });
}

/** What a confirm link confirms (GET, changes nothing), and confirming it (the page's button). */
export const confirmApi = {
  show: (token: string) =>
    apiJson<AddressConfirmation>("GET", `/api/training/confirm?token=${encodeURIComponent(token)}`),
  /** `via: "text"` when the page was opened from a text's "confirm by phone" link. */
  confirm: ({ token, via }: { token: string; via?: "text" }) =>
    apiJson<AddressConfirmation>("POST", "/api/training/confirm", via ? { token, via } : { token }),
};
