// Staff's inbox screens: contact messages to answer, reviews to moderate, and the audit log of who did what. The
// queries and decisions live in inbox.ts and ../staff/audit.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AdminMessageSchema,
  AdminReviewSchema,
  auditList,
  messageList,
  ReviewDecisionSchema,
  reviewList,
} from "../../shared/admin";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction } from "../plugins/session";
import { staffList } from "../plugins/staff-list";
import { listAudit } from "../staff/audit";
import { listMessages, listReviews, markMessageHandled, moderateReview } from "./inbox";

export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  staffList(app, messageList, (query) => listMessages(app.db, query));

  app.patch(
    "/api/admin/messages/:id/handled",
    { schema: { params: idParam, response: { 200: AdminMessageSchema } } },
    async (request) => {
      const row = await markMessageHandled(app.db, request.params.id, staffAction(request));
      if (!row) throw httpError(404, "Message not found.");
      return row;
    },
  );

  staffList(app, reviewList, (query) => listReviews(app.db, query));

  app.patch(
    "/api/admin/reviews/:id",
    { schema: { params: idParam, body: ReviewDecisionSchema, response: { 200: AdminReviewSchema } } },
    async (request) => {
      const row = await moderateReview(app.db, request.params.id, request.body.status, staffAction(request));
      if (!row) throw httpError(404, "Review not found.");
      return row;
    },
  );

  staffList(app, auditList, (query) => listAudit(app.db, query));
};
