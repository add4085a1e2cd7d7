// Staff's course-fee screens (mounted in the staff-only scope of app.ts): a place's payments, recording a bank or
// cash payment, confirming without payment, and deciding refund requests. Rules: fee-admin.ts and
// fee-refund-decisions.ts.

import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ApproveRefundSchema,
  ConfirmWithoutPaymentSchema,
  PlacePaymentsSchema,
  RecordCoursePaymentSchema,
  RefundListQuerySchema,
  RejectRefundSchema,
  StaffRefundListSchema,
  StaffRefundSchema,
} from "../../shared/course-payment";
import { coursePayments, courseRefunds } from "../db/schema";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { requireOwner, staffAction } from "../plugins/session";
import { requireRecentSecondFactor } from "../staff/step-up";
import {
  confirmWithoutPayment,
  listRefunds,
  placePayments,
  recordManualPayment,
  refundColumns,
} from "./fee-admin";
import { approveRefund, rejectRefund } from "./fee-refund-decisions";

export const coursePaymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/places/:id/payments",
    { schema: { params: idParam, response: { 200: PlacePaymentsSchema } } },
    async (request) => placePayments(app.db, request.params.id),
  );

  app.post(
    "/api/admin/places/:id/payments",
    { schema: { params: idParam, body: RecordCoursePaymentSchema, response: { 200: PlacePaymentsSchema } } },
    async (request) => {
      await recordManualPayment(app, request.params.id, request.body, staffAction(request));
      return placePayments(app.db, request.params.id);
    },
  );

  app.post(
    "/api/admin/places/:id/confirm",
    {
      schema: { params: idParam, body: ConfirmWithoutPaymentSchema, response: { 200: PlacePaymentsSchema } },
    },
    async (request) => {
      await confirmWithoutPayment(app, request.params.id, request.body.reason, staffAction(request));
      return placePayments(app.db, request.params.id);
    },
  );

  app.get(
    "/api/admin/course-refunds",
    { schema: { querystring: RefundListQuerySchema, response: { 200: StaffRefundListSchema } } },
    async (request) => listRefunds(app.db, request.query.status),
  );

  async function refundById(id: number) {
    const [row] = await app.db
      .select(refundColumns)
      .from(courseRefunds)
      .innerJoin(coursePayments, eq(coursePayments.id, courseRefunds.paymentId))
      .where(eq(courseRefunds.id, id))
      .limit(1);
    if (!row) throw httpError(404, "Refund request not found.");
    return row;
  }

  app.post(
    "/api/admin/course-refunds/:id/approve",
    // Refund decisions move money: owners only (issue 16).
    {
      onRequest: requireOwner,
      // Money leaves the company: a second factor within 10 minutes (ADR 051).
      preHandler: requireRecentSecondFactor,
      schema: { params: idParam, body: ApproveRefundSchema, response: { 200: StaffRefundSchema } },
    },
    async (request) => {
      await approveRefund(app, request.params.id, staffAction(request), request.body.receiptNumber);
      return refundById(request.params.id);
    },
  );

  app.post(
    "/api/admin/course-refunds/:id/reject",
    // Refund decisions move money: owners only (issue 16).
    {
      onRequest: requireOwner,
      schema: { params: idParam, body: RejectRefundSchema, response: { 200: StaffRefundSchema } },
    },
    async (request) => {
      await rejectRefund(app.db, request.params.id, request.body.reason, staffAction(request));
      return refundById(request.params.id);
    },
  );
};
