// The calls of /my-training and its confirm page (contracts in shared/applicant.ts).
import type {
  AddressConfirmation,
  CancelledPlaceSchema,
  MyApplications,
  SignInOptionsSchema,
} from "@shared/applicant";
import type { ChangeTextsSchema, TextOptions, TextsChangedSchema } from "@shared/texts";
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

export type TextsChanged = Wire<typeof TextsChangedSchema>;

/** Whether WhatsApp is offered beside SMS; a failed call means it is not (the choice then falls back to SMS). */
export function useTextOptions() {
  return useQuery({
    queryKey: ["/api/texts/options"],
    queryFn: (): Promise<TextOptions> =>
      apiJson<TextOptions>("GET", "/api/texts/options").catch(() => ({ whatsapp: false })),
  });
}

/**
 * Turning an application's texts on or off, and its number's code (confirm, or a new one): each answers the
 * application's texts now, which replace those in the loaded list (nothing else changed, so nothing is reloaded).
 */
export function useTextCalls(enrollmentId: number) {
  const queryClient = useQueryClient();
  const base = `/api/training/applications/${enrollmentId}/texts`;
  const onSuccess = (done: TextsChanged) =>
    queryClient.setQueryData<MyApplications | null>(APPLICATIONS_KEY, (list) =>
      list
        ? {
            ...list,
            applications: list.applications.map((a) =>
              a.enrollmentId === enrollmentId ? { ...a, texts: done.texts } : a,
            ),
          }
        : list,
    );
  return {
    change: useMutation({
      mutationFn: (choice: Wire<typeof ChangeTextsSchema>) => apiJson<TextsChanged>("PUT", base, choice),
      onSuccess,
    }),
    confirm: useMutation({
      mutationFn: (code: string) => apiJson<TextsChanged>("POST", `${base}/confirm`, { code }),
      onSuccess,
    }),
    resend: useMutation({
      mutationFn: () => apiJson<TextsChanged>("POST", `${base}/resend`, {}),
      onSuccess,
    }),
  };
}

/** What a confirm link confirms (GET, changes nothing), and confirming it (the page's button). */
export const confirmApi = {
  show: (token: string) =>
    apiJson<AddressConfirmation>("GET", `/api/training/confirm?token=${encodeURIComponent(token)}`),
  /** `via: "text"` when the page was opened from a text's "confirm by phone" link. */
  confirm: ({ token, via }: { token: string; via?: "text" }) =>
    apiJson<AddressConfirmation>("POST", "/api/training/confirm", via ? { token, via } : { token }),
};
