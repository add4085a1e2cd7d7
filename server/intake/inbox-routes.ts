// Staff's inbox screens: contact messages to answer, reviews to moderate, and the audit log of who did what. The
// queries and decisions live in inbox.ts and ../staff/audit.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  AdminMessagePageSchema,
  AdminMessageSchema,
  AdminReviewPageSchema,
  AdminReviewSchema,
  AuditPageSchema,
  ReviewDecisionSchema,
} from "../../shared/admin";
import { REVIEW_STATUSES } from "../../shared/constants";
import { httpError } from "../plugins/errors";
import { idParam, paging } from "../plugins/route-params";
import { requireAdmin, staffAction } from "../plugins/session";
import { listAudit } from "../staff/audit";
import { listMessages, listReviews, markMessageHandled, moderateReview } from "./inbox";

export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireAdmin);

  app.get(
    "/api/admin/messages",
    {
      schema: {
        querystring: z.object({
          status: z._default(z.enum(["open", "handled", "all"]), "open"),
          q: z.optional(z.string().check(z.maxLength(200))),
          ...paging,
        }),
        response: { 200: AdminMessagePageSchema },
      },
    },
    async (request) => listMessages(app.db, request.query),
  );

  app.patch(
    "/api/admin/messages/:id/handled",
    { schema: { params: idParam, response: { 200: AdminMessageSchema } } },
    async (request) => {
      const row = await markMessageHandled(app.db, request.params.id, staffAction(request));
      if (!row) throw httpError(404, "Message not found.");
      return row;
    },
  );

  app.get(
    "/api/admin/reviews",
    {
      schema: {
        querystring: z.object({ status: z._default(z.enum(REVIEW_STATUSES), "pending"), ...paging }),
        response: { 200: AdminReviewPageSchema },
      },
    },
    async (request) => listReviews(app.db, request.query),
  );

  app.patch(
    "/api/admin/reviews/:id",
    { schema: { params: idParam, body: ReviewDecisionSchema, response: { 200: AdminReviewSchema } } },
    async (request) => {
      const row = await moderateReview(app.db, request.params.id, request.body.status, staffAction(request));
      if (!row) throw httpError(404, "Review not found.");
      return row;
    },
  );

  app.get(
    "/api/admin/audit",
    { schema: { querystring: z.object(paging), response: { 200: AuditPageSchema } } },
    async (request) => listAudit(app.db, request.query),
  );
};
