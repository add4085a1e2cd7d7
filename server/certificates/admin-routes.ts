// Staff's certificate APIs (mounted in the staff-only scope of app.ts): an intake's class sheet, attendance and
// results per place (a pass issues the certificate), the certificate register with its CSV and PDFs, reissue and
// revoke, and the pass rates per intake. Rules: results.ts, issue.ts, certificate-changes.ts, listing.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  AttendanceInputSchema,
  CertificateListQuerySchema,
  CertificatePageSchema,
  CertificateSchema,
  ClassSheetSchema,
  HolderNameSchema,
  PassRateSchema,
  ResultInputSchema,
  RevokeInputSchema,
  TraineeSchema,
} from "../../shared/certificates";
import { pagingQuery } from "../../shared/paging";
import { sendCsvFile } from "../enrollments/csv";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction, staffName } from "../plugins/session";
import { CERTIFICATE_NOT_FOUND, reissueCertificate, revokeCertificate } from "./certificate-changes";
import { sendCertificatePdf } from "./certificate-files";
import { certificateById, certificateView } from "./certificate-rows";
import { classSheet, traineeOf } from "./class-sheet";
import { certificatesCsv, csvFileName, listCertificates, passRates } from "./listing";
import { markAttendance, setResult } from "./results";

/** The list's filters with the staff lists' paging (a number of rows, from an offset). */
const ListQuerySchema = z.object({ ...CertificateListQuerySchema.shape, ...pagingQuery });

export const adminCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.env.PUBLIC_URL;

  app.get(
    "/api/admin/intakes/:id/class",
    { schema: { params: idParam, response: { 200: ClassSheetSchema } } },
    async (request) => classSheet(app.db, request.params.id, publicUrl),
  );

  app.put(
    "/api/admin/places/:id/attendance",
    { schema: { params: idParam, body: AttendanceInputSchema, response: { 200: TraineeSchema } } },
    async (request) => {
      await markAttendance(app, request.params.id, request.body, staffAction(request));
      return traineeOf(app.db, request.params.id, publicUrl);
    },
  );

  app.put(
    "/api/admin/places/:id/result",
    { schema: { params: idParam, body: ResultInputSchema, response: { 200: TraineeSchema } } },
    async (request) => {
      await setResult(app, request.params.id, request.body, staffAction(request));
      return traineeOf(app.db, request.params.id, publicUrl);
    },
  );

  app.get(
    "/api/admin/certificates",
    { schema: { querystring: ListQuerySchema, response: { 200: CertificatePageSchema } } },
    async (request) => {
      const { limit, offset, ...filters } = request.query;
      return listCertificates(app.db, filters, { limit, offset }, publicUrl);
    },
  );

  // A GET changes nothing, even for staff; who exported what goes in the server log (as the enrollments export).
  app.get(
    "/api/admin/certificates/export.csv",
    { schema: { querystring: CertificateListQuerySchema } },
    async (request, reply) => {
      const { limit: _limit, offset: _offset, ...filters } = request.query;
      const csv = await certificatesCsv(app.db, filters, publicUrl);
      request.log.info(
        { event: "certificates-csv-export", actor: staffName(request), rows: csv.rows, ip: request.ip },
        "certificates exported as CSV",
      );
      return sendCsvFile(reply, csvFileName(), csv.text);
    },
  );

  app.get("/api/admin/certificates/:id/pdf", { schema: { params: idParam } }, async (request, reply) => {
    const row = await certificateById(app.db, request.params.id);
    if (!row) throw httpError(404, CERTIFICATE_NOT_FOUND);
    return sendCertificatePdf(app, reply, row);
  });

  app.post(
    "/api/admin/certificates/:id/reissue",
    { schema: { params: idParam, body: HolderNameSchema, response: { 200: CertificateSchema } } },
    async (request) => {
      const row = await reissueCertificate(app, request.params.id, request.body, staffAction(request));
      return certificateView(row, publicUrl);
    },
  );

  app.post(
    "/api/admin/certificates/:id/revoke",
    { schema: { params: idParam, body: RevokeInputSchema, response: { 200: CertificateSchema } } },
    async (request) => {
      const row = await revokeCertificate(app, request.params.id, request.body.reason, staffAction(request));
      return certificateView(row, publicUrl);
    },
  );

  app.get("/api/admin/pass-rates", { schema: { response: { 200: z.array(PassRateSchema) } } }, async () =>
    passRates(app.db),
  );
};
