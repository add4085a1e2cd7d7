// The dashboard's enrollment calls (docs/product.md, Staff dashboard > Enrollments): GET /api/enrollments,
// PATCH .../processed, POST /api/admin/sync-google-sheets, plus the CSV export and the counts behind the cards, tabs
// and chart.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  AdminEnrollmentSchema,
  ENROLLMENT_NOT_FOUND,
  EnrollmentListQuerySchema,
  EnrollmentSummaryQuerySchema,
  EnrollmentSummarySchema,
  MarkProcessedSchema,
  SHEETS_NOT_CONFIGURED,
  SheetsSyncResultSchema,
} from "../../shared/admin";
import { enrollments } from "../db/schema";
import { SheetsError } from "../integrations/google-sheets";
import { requireIntegration } from "../integrations/require-integration";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction, staffName } from "../plugins/session";
import { audit, auditedChange } from "../staff/audit";
import { csvFileName, enrollmentsCsv, sendCsvFile } from "./csv";
import { findEnrollment, listEnrollments, summarizeEnrollments, withTraining } from "./queries";
import { syncEnrollmentsToSheets } from "./sheets-sync";
import { trainingFactsOf } from "./training-cells";

export const adminEnrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/enrollments",
    { schema: { querystring: EnrollmentListQuerySchema, response: { 200: z.array(AdminEnrollmentSchema) } } },
    async (request) => withTraining(app.db, await listEnrollments(app.db, request.query)),
  );

  app.get(
    "/api/enrollments/summary",
    {
      schema: { querystring: EnrollmentSummaryQuerySchema, response: { 200: EnrollmentSummarySchema } },
    },
    async (request) => summarizeEnrollments(app.db, request.query.q),
  );

  app.patch(
    "/api/enrollments/:id/processed",
    { schema: { params: idParam, body: MarkProcessedSchema, response: { 200: AdminEnrollmentSchema } } },
    async (request) => {
      const id = request.params.id;
      const by = staffAction(request);
      const notes = request.body.notes?.trim() || null;
      const event = {
        ...by,
        action: "enrollment.processed",
        subject: `enrollment ${id}`,
        details: { notes },
      };
      const updated = await auditedChange(app.db, event, async (tx) => {
        const rows = await tx
          .update(enrollments)
          .set({ isProcessed: true, processingNotes: notes, processedAt: sql`now()`, processedBy: by.actor })
          .where(
            and(eq(enrollments.id, id), eq(enrollments.isSpam, false), eq(enrollments.isProcessed, false)),
          )
          .returning({ id: enrollments.id });
        return rows.length > 0;
      });
      const enrollment = await findEnrollment(app.db, id);
      if (!enrollment) throw httpError(404, ENROLLMENT_NOT_FOUND);
      // Processed is final (there is no way back); a second click (or a colleague's) is told so.
      if (!updated) {
        throw httpError(
          409,
          `This enrollment was already processed by ${enrollment.processedBy ?? "a colleague"}.`,
        );
      }
      return enrollment;
    },
  );

  // A GET changes nothing, even for staff: a link on another site can trigger it with the staff cookie attached.
  // Who exported what still goes on record, in the server log rather than the audit table.
  app.get("/api/enrollments/export.csv", async (request, reply) => {
    const rows = await listEnrollments(app.db);
    const training = await trainingFactsOf(
      app.db,
      rows.map((row) => row.id),
    );
    request.log.info(
      { event: "csv-export", actor: staffName(request), rows: rows.length, ip: request.ip },
      "enrollments exported as CSV",
    );
    return sendCsvFile(reply, csvFileName(new Date()), enrollmentsCsv(rows, training));
  });

  app.post(
    "/api/admin/sync-google-sheets",
    { schema: { response: { 200: SheetsSyncResultSchema } } },
    async (request) => {
      const sheets = requireIntegration(app.sheets, SHEETS_NOT_CONFIGURED);
      const actor = staffName(request);
      try {
        const { synced } = await syncEnrollmentsToSheets(app.db, sheets);
        await audit(app.db, { actor, action: "sheets.sync", details: { synced }, ip: request.ip });
        return { synced };
      } catch (error) {
        if (!(error instanceof SheetsError)) throw error;
        request.log.error({ err: error }, "Google Sheets sync failed");
        await audit(app.db, {
          actor,
          action: "sheets.sync-failed",
          details: { error: error.message },
          ip: request.ip,
        });
        throw httpError(502, `Google Sheets did not accept the enrollments: ${error.message}`);
      }
    },
  );
};
