// Staff grant or revoke portal access by hand (bank transfers, sponsored pilots), recorded in the audit log.

import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  AdminSubscriberPageSchema,
  GrantedAccessSchema,
  RevokedAccessSchema,
} from "../../shared/contracts/payments";
import { endOfFijiDay } from "../../shared/fiji-time";
import { GrantAccessSchema, RevokeAccessSchema } from "../../shared/portal";
import { containsPattern } from "../db/like";
import { subscriptions, users } from "../db/schema";
import { httpError } from "../plugins/errors";
import { paging } from "../plugins/route-params";
import { requireAdmin, staffName } from "../plugins/session";
import { audit } from "../staff/audit";
import { grantsOf } from "./entitlements";
import { grantAccess, hasAccess, revokeAccess } from "./subscriptions";

export const adminSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireAdmin);

  app.get(
    "/api/admin/subscribers",
    {
      schema: {
        querystring: z.object({
          q: z.optional(z.string().check(z.maxLength(200))),
          ...paging,
        }),
        response: { 200: AdminSubscriberPageSchema },
      },
    },
    async (request) => {
      const { q, limit, offset } = request.query;
      const text = q?.trim();
      const where: SQL | undefined = text ? ilike(subscriptions.email, containsPattern(text)) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            email: subscriptions.email,
            firstName: users.firstName,
            provider: subscriptions.provider,
            status: subscriptions.status,
            currentPeriodEnd: subscriptions.currentPeriodEnd,
            updatedAt: subscriptions.updatedAt,
          })
          .from(subscriptions)
          .leftJoin(users, eq(users.email, subscriptions.email))
          .where(where)
          .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(subscriptions).where(and(where)),
      ]);
      const items = await Promise.all(
        rows.map(async (row) => ({
          ...row,
          hasAccess: hasAccess(row),
          grants: await grantsOf(app.db, row.email),
        })),
      );
      return { items, total: total?.n ?? 0 };
    },
  );

  app.post(
    "/api/admin/subscriptions/grant",
    { schema: { body: GrantAccessSchema, response: { 200: GrantedAccessSchema } } },
    async (request) => {
      const { email, until } = request.body;
      const periodEnd = endOfFijiDay(until);
      if (!periodEnd) throw httpError(400, "Choose a real date for the end of access.");
      if (periodEnd <= new Date()) throw httpError(400, "Choose a date from today on.");
      const accessUntil = await app.db.transaction(async (tx) => {
        const granted = await grantAccess(tx, email, periodEnd);
        await audit(tx, {
          actor: staffName(request),
          action: "subscription.granted",
          subject: email,
          details: { until, accessUntil: granted?.toISOString() ?? null },
          ip: request.ip,
        });
        return granted ?? periodEnd;
      });
      // Grants run end to end: with access already running, the granted days follow it.
      return { email, currentPeriodEnd: accessUntil, hasAccess: true } as const;
    },
  );

  app.post(
    "/api/admin/subscriptions/revoke",
    { schema: { body: RevokeAccessSchema, response: { 200: RevokedAccessSchema } } },
    async (request) => {
      const { email } = request.body;
      const revoked = await app.db.transaction(async (tx) => {
        const found = await revokeAccess(tx, email);
        if (found) {
          await audit(tx, {
            actor: staffName(request),
            action: "subscription.revoked",
            subject: email,
            ip: request.ip,
          });
        }
        return found;
      });
      if (!revoked) throw httpError(404, "No subscription is recorded for that e-mail.");
      return { email, hasAccess: false } as const;
    },
  );
};
