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
import { staffList } from "../plugins/staff-list";
import { staffRowChange } from "../plugins/staff-row";
import { listAudit } from "../staff/audit";
import { listMessages, listReviews, markMessageHandled, moderateReview } from "./inbox";

export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  staffList(app, messageList, (query) => listMessages(app.db, query));
  staffRowChange(
    app,
    {
      method: "PATCH",
      url: "/api/admin/messages/:id/handled",
      row: AdminMessageSchema,
      notFound: "Message not found.",
    },
    (id, _body, by) => markMessageHandled(app.db, id, by),
  );

  staffList(app, reviewList, (query) => listReviews(app.db, query));
  staffRowChange(
    app,
    {
      method: "PATCH",
      url: "/api/admin/reviews/:id",
      body: ReviewDecisionSchema,
      row: AdminReviewSchema,
      notFound: "Review not found.",
    },
    async (id, { status }, by) => {
      const row = await moderateReview(app.db, id, status, by, app.env.PUBLIC_URL);
      // The approval may have queued the writer's e-mail, and a review no longer approved is no longer featured.
      app.outbox.kick();
      app.siteDetails.changed();
      return row;
    },
  );

  staffList(app, auditList, (query) => listAudit(app.db, query));
};
