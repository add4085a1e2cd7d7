// Query keys and calls of the staff training screens (intakes, their places, the business settings). Every key
// starts with the API path it reads, so invalidating [path] refreshes every filter of that list.
import type { CourseType } from "@shared/constants";
import type { OneOffTextQueued } from "@shared/contracts/texts";
import type { PlacePaymentsSchema, RefundStatus, StaffRefundSchema } from "@shared/course-payment";
import type { Settings, SettingsAnswer } from "@shared/settings";
import type { IntakeChange, IntakeInput, StaffIntake, StaffPlace } from "@shared/training";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type * as z from "zod/mini";
import { apiJson } from "@/lib/api";

export type { StaffIntake, StaffPlace };
export type PlacePayments = z.input<typeof PlacePaymentsSchema>;
export type StaffRefund = z.input<typeof StaffRefundSchema>;

const INTAKES = "/api/admin/intakes";
const PLACES = "/api/admin/places";
const SETTINGS = "/api/admin/settings";
/** The public schedule: it shows the intakes' dates and seats left. */
const SCHEDULE = "/api/intakes";
/** The dashboard's enrollment cards show each application's intake and place. */
const ENROLLMENTS = "/api/enrollments";
/** The activity log: every change here is audited. */
const AUDIT = "/api/admin/audit";

export type IntakeAction = "close" | "reopen" | "cancel";
export type PlaceDecision = "accept" | "decline";

/** Course-fee refund requests, which staff approve or reject. */
const REFUNDS = "/api/admin/course-refunds";

export interface IntakeFilter {
  course?: CourseType;
  /** Past and cancelled intakes too. */
  all: boolean;
}

function intakesUrl({ course, all }: IntakeFilter): string {
  const search = new URLSearchParams();
  if (course) search.set("course", course);
  if (all) search.set("all", "true");
  const query = search.toString();
  return query ? `${INTAKES}?${query}` : INTAKES;
}

export const trainingQueries = {
  intakes: (filter: IntakeFilter) =>
    queryOptions({
      queryKey: [INTAKES, filter] as const,
      queryFn: () => apiJson<StaffIntake[]>("GET", intakesUrl(filter)),
    }),
  /** One intake's places; under the intakes key, so every intake change refreshes them too. */
  places: (intakeId: number) =>
    queryOptions({
      queryKey: [INTAKES, intakeId, "places"] as const,
      queryFn: () => apiJson<StaffPlace[]>("GET", `${INTAKES}/${intakeId}/places`),
    }),
  settings: () =>
    queryOptions({ queryKey: [SETTINGS] as const, queryFn: () => apiJson<SettingsAnswer>("GET", SETTINGS) }),
  /** A place's payments and refunds, and what it has paid and owes. */
  placePayments: (placeId: number) =>
    queryOptions({
      queryKey: [PLACES, placeId, "payments"] as const,
      queryFn: () => apiJson<PlacePayments>("GET", `${PLACES}/${placeId}/payments`),
    }),
  /** Refund requests, newest first; all of them without a status. */
  refunds: (status?: RefundStatus) =>
    queryOptions({
      queryKey: [REFUNDS, status ?? "all"] as const,
      queryFn: () => apiJson<StaffRefund[]>("GET", status ? `${REFUNDS}?status=${status}` : REFUNDS),
    }),
};

export const trainingApi = {
  createIntake: (input: IntakeInput) => apiJson<StaffIntake>("POST", INTAKES, input),
  changeIntake: (id: number, change: IntakeChange) =>
    apiJson<StaffIntake>("PATCH", `${INTAKES}/${id}`, change),
  actOnIntake: (id: number, action: IntakeAction) =>
    apiJson<StaffIntake>("POST", `${INTAKES}/${id}/${action}`),
  decidePlace: (id: number, decision: PlaceDecision) =>
    apiJson<StaffPlace>("POST", `${PLACES}/${id}/${decision}`),
  /** Staff's own SMS to the place's applicant; answers when it will go. */
  textPlace: (id: number, message: string) =>
    apiJson<OneOffTextQueued>("POST", `${PLACES}/${id}/text`, { message }),
  /** Moves an application's place to the intake, or gives an "Any upcoming date" application one there. */
  placeInIntake: (enrollmentId: number, intakeId: number) =>
    apiJson<StaffPlace>("POST", `/api/admin/enrollments/${enrollmentId}/intake`, { intakeId }),
  saveSettings: (patch: Partial<Settings>) => apiJson<Settings>("PUT", SETTINGS, patch),
  /** A bank transfer or cash payment staff received, with its receipt number. */
  recordPayment: (
    placeId: number,
    payment: { method: "bank" | "cash"; amountCents: number; receiptNumber: string },
  ) => apiJson<PlacePayments>("POST", `${PLACES}/${placeId}/payments`, payment),
  confirmWithoutPayment: (placeId: number, reason: string) =>
    apiJson<PlacePayments>("POST", `${PLACES}/${placeId}/confirm`, { reason }),
  /** Card payments are refunded through Stripe; the others name the refund's receipt number. */
  approveRefund: (id: number, receiptNumber?: string) =>
    apiJson<StaffRefund>("POST", `${REFUNDS}/${id}/approve`, { receiptNumber }),
  rejectRefund: (id: number, reason: string) =>
    apiJson<StaffRefund>("POST", `${REFUNDS}/${id}/reject`, { reason }),
};

const refresh = (client: QueryClient, paths: string[]) =>
  Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: [path] })));

export const invalidateTraining = {
  /** After any change to an intake or one of its places. */
  intakes: (client: QueryClient) => refresh(client, [INTAKES, SCHEDULE, ENROLLMENTS, AUDIT]),
  settings: (client: QueryClient) => refresh(client, [SETTINGS, AUDIT]),
  /** After money is recorded or a refund decided: the place's payments, the refunds and the intakes' revenue. */
  fees: (client: QueryClient) => refresh(client, [PLACES, REFUNDS, INTAKES, SCHEDULE, AUDIT]),
};
