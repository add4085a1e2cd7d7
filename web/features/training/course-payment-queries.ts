// The course-payment page's data: the place (what it owes, until when) opened by its pay token, and the state of a
// payment the page follows after starting it or after the payer comes back from M-PAiSA or the card provider.
import type { CoursePaymentState, PlacePayment, StartedCoursePayment } from "@shared/course-payment";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/query-client";

/** ?place=&token=&reference= as the offer e-mail and the providers' returns open the page. */
export interface PayLink {
  placeId: number;
  token: string | null;
  reference: string | null;
}

export function readPayLink(search: string): PayLink | null {
  const query = new URLSearchParams(search);
  const place = query.get("place") ?? "";
  if (!/^[1-9]\d{0,9}$/.test(place)) return null;
  const token = query.get("token");
  const reference = query.get("reference");
  return {
    placeId: Number(place),
    token: token && /^[\w-]{1,200}$/.test(token) ? token : null,
    reference: reference && /^CFP-[A-Z2-7]{10}$/.test(reference) ? reference : null,
  };
}

export function placePaymentUrl(link: PayLink): string {
  const token = link.token ? `?token=${encodeURIComponent(link.token)}` : "";
  return `/api/training/places/${link.placeId}/payment${token}`;
}

/** The page's own address for this place, to come back to after paying. */
export function payPagePath(link: PayLink, reference: string): string {
  const token = link.token ? `&token=${encodeURIComponent(link.token)}` : "";
  return `/course-payment?place=${link.placeId}${token}&reference=${reference}`;
}

export function usePlacePayment(link: PayLink | null) {
  return useQuery({
    queryKey: ["course-payment", link?.placeId, link?.token],
    queryFn: async () => {
      const res = await apiRequest("GET", placePaymentUrl(link as PayLink));
      return (await res.json()) as PlacePayment;
    },
    enabled: link !== null,
    staleTime: 0,
  });
}

export async function startCoursePayment(
  link: PayLink,
  choice: { kind: string; method: "card" | "mpaisa" },
): Promise<StartedCoursePayment> {
  const res = await apiRequest("POST", `/api/training/places/${link.placeId}/payment`, {
    ...(link.token ? { token: link.token } : {}),
    ...choice,
  });
  return (await res.json()) as StartedCoursePayment;
}

const POLL_MS = 3000;

/** Follows a started payment every 3 seconds until it is paid, failed or refunded. */
export function useCoursePaymentState(reference: string | null) {
  return useQuery({
    queryKey: ["course-payment-state", reference],
    queryFn: async () => {
      const res = await apiRequest("GET", `/api/training/course-payments/${reference}`);
      return (await res.json()) as CoursePaymentState;
    },
    enabled: reference !== null,
    staleTime: 0,
    refetchIntervalInBackground: true,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== "pending" ? false : POLL_MS),
  });
}
