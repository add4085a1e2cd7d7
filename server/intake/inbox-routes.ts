// Beyond the original site, what staff need on day one: contact messages to answer, reviews to moderate (approved ones
// go public), and the audit log of who did what.

import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
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
import { containsPattern } from "../db/like";
import { auditLog, contactMessages, reviews } from "../db/schema";
import { httpError } from "../plugins/errors";
import { idParam, paging } from "../plugins/route-params";
import { requireAdmin, staffName } from "../plugins/session";
import { audit } from "../staff/audit";
import { publicReviewColumns } from "./review-routes";

const messageColumns = {
  id: contactMessages.id,
  firstName: contactMessages.firstName,
  lastName: contactMessages.lastName,
  email: contactMessages.email,
  organization: contactMessages.organization,
  serviceInterest: contactMessages.serviceInterest,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  handledBy: contactMessages.handledBy,
};

const reviewColumns = {
  ...publicReviewColumns,
  status: reviews.status,
  moderatedAt: reviews.moderatedAt,
  moderatedBy: reviews.moderatedBy,
};

function messageFilter(status: "open" | "handled" | "all", q: string | undefined): SQL | undefined {
  const text = q?.trim();
  return and(
    eq(contactMessages.isSpam, false),
    status === "open" ? isNull(contactMessages.handledAt) : undefined,
    status === "handled" ? isNotNull(contactMessages.handledAt) : undefined,
    text
      ? or(
          ilike(contactMessages.firstName, containsPattern(text)),
          ilike(contactMessages.lastName, containsPattern(text)),
          ilike(contactMessages.email, containsPattern(text)),
          ilike(contactMessages.organization, containsPattern(text)),
        )
      : undefined,
  );
}

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
    async (request) => {
      const { status, q, limit, offset } = request.query;
      const where = messageFilter(status, q);
      const [items, [total]] = await Promise.all([
        app.db
          .select(messageColumns)
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(contactMessages).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  );

  app.patch(
    "/api/admin/messages/:id/handled",
    { schema: { params: idParam, response: { 200: AdminMessageSchema } } },
    async (request) => {
      const { id } = request.params;
      const actor = staffName(request);
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(contactMessages)
          .set({
            handledAt: sql`coalesce(${contactMessages.handledAt}, now())`,
            handledBy: sql`coalesce(${contactMessages.handledBy}, ${actor})`,
          })
          .where(and(eq(contactMessages.id, id), eq(contactMessages.isSpam, false)))
          .returning(messageColumns);
        if (updated)
          await audit(tx, { actor, action: "message.handled", subject: `message ${id}`, ip: request.ip });
        return updated;
      });
      if (!row) throw httpError(404, "Message not found.");
      return row;
    },
  );

  app.get(
    "/api/admin/reviews",
    {
      schema: {
        querystring: z.object({
          status: z._default(z.enum(REVIEW_STATUSES), "pending"),
          ...paging,
        }),
        response: { 200: AdminReviewPageSchema },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      const where = eq(reviews.status, status);
      const [items, [total]] = await Promise.all([
        app.db
          .select(reviewColumns)
          .from(reviews)
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(reviews).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  );

  app.patch(
    "/api/admin/reviews/:id",
    { schema: { params: idParam, body: ReviewDecisionSchema, response: { 200: AdminReviewSchema } } },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const actor = staffName(request);
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(reviews)
          .set({ status, moderatedAt: sql`now()`, moderatedBy: actor })
          .where(eq(reviews.id, id))
          .returning(reviewColumns);
        if (updated)
          await audit(tx, { actor, action: `review.${status}`, subject: `review ${id}`, ip: request.ip });
        return updated;
      });
      if (!row) throw httpError(404, "Review not found.");
      return row;
    },
  );

  app.get(
    "/api/admin/audit",
    { schema: { querystring: z.object(paging), response: { 200: AuditPageSchema } } },
    async (request) => {
      const { limit, offset } = request.query;
      const [items, [total]] = await Promise.all([
        app.db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            actor: auditLog.actor,
            action: auditLog.action,
            subject: auditLog.subject,
            details: auditLog.details,
          })
          .from(auditLog)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(auditLog),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  );
};
