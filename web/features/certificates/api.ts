// Query keys and calls of the certificate screens (contracts in shared/certificates.ts): staff's class sheet of an
// intake, the certificates list and its actions, the pass rates; the applicant's own certificates on /my-training.
// Every key starts with the API path it reads, so invalidating [path] refreshes every filter of that list.

import type { Page } from "@shared/admin";
import type {
  Certificate,
  CertificateStatus,
  ClassSheet,
  HolderName,
  PassRate,
  ResultInput,
  Trainee,
} from "@shared/certificates";
import type { CourseType } from "@shared/constants";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { withParams } from "@/features/staff/api";
import { apiJson } from "@/lib/api";

export type { Certificate, ClassSheet, PassRate, Trainee };

const INTAKES = "/api/admin/intakes";
const PLACES = "/api/admin/places";
const CERTIFICATES = "/api/admin/certificates";
const PASS_RATES = "/api/admin/pass-rates";
const MY_CERTIFICATES = "/api/my-training/certificates";
/** The activity log: every staff change here is audited. */
const AUDIT = "/api/admin/audit";

/** The certificates list's search and filters; empty ones are left out of the address. */
export interface CertificateFilter {
  q: string;
  course?: CourseType;
  year?: string;
  status?: CertificateStatus;
}

/** The CSV of the list as filtered (all pages): a plain link, so the browser saves it with the session cookie. */
export const exportCsvUrl = (filter: CertificateFilter) =>
  withParams(`${CERTIFICATES}/export.csv`, { ...filter });

/** Staff's copy of a certificate's PDF (any version). */
export const staffPdfUrl = (id: number) => `${CERTIFICATES}/${id}/pdf`;
/** The holder's own copy. */
export const myPdfUrl = (id: number) => `${MY_CERTIFICATES}/${id}/pdf`;

export const certificateQueries = {
  /** Under the intakes key: a change to the intake or its places refreshes its class sheet too. */
  classSheet: (intakeId: number) =>
    queryOptions({
      queryKey: [INTAKES, intakeId, "class"] as const,
      queryFn: () => apiJson<ClassSheet>("GET", `${INTAKES}/${intakeId}/class`),
    }),
  list: (params: CertificateFilter & { limit: number; offset: number }) =>
    queryOptions({
      queryKey: [CERTIFICATES, params] as const,
      queryFn: () => apiJson<Page<Certificate>>("GET", withParams(CERTIFICATES, { ...params })),
    }),
  passRates: () =>
    queryOptions({ queryKey: [PASS_RATES] as const, queryFn: () => apiJson<PassRate[]>("GET", PASS_RATES) }),
  mine: () =>
    queryOptions({
      queryKey: [MY_CERTIFICATES] as const,
      queryFn: () => apiJson<Certificate[]>("GET", MY_CERTIFICATES),
    }),
};

export const certificateApi = {
  markAttendance: (seatId: number, day: string, present: boolean) =>
    apiJson<Trainee>("PUT", `${PLACES}/${seatId}/attendance`, { day, present }),
  /** "passed" issues the certificate at once (with `holder`, the corrected name). */
  setResult: (seatId: number, input: ResultInput) =>
    apiJson<Trainee>("PUT", `${PLACES}/${seatId}/result`, input),
  reissue: (id: number, holder: HolderName) =>
    apiJson<Certificate>("POST", `${CERTIFICATES}/${id}/reissue`, holder),
  revoke: (id: number, reason: string) =>
    apiJson<Certificate>("POST", `${CERTIFICATES}/${id}/revoke`, { reason }),
  hideFromSearch: (id: number, hiddenFromSearch: boolean) =>
    apiJson<Certificate>("PATCH", `${MY_CERTIFICATES}/${id}`, { hiddenFromSearch }),
};

const refresh = (client: QueryClient, paths: string[]) =>
  Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: [path] })));

export const invalidateCertificates = {
  /** After attendance, a result, an issue, a reissue or a revocation: the sheets, the list and the pass rates. */
  staff: (client: QueryClient) => refresh(client, [INTAKES, CERTIFICATES, PASS_RATES, AUDIT]),
  mine: (client: QueryClient) => refresh(client, [MY_CERTIFICATES]),
};
