// Staff's subscriber screen (docs/product.md, Staff dashboard > Subscribers and wallet payments): the list, and
// access granted or revoked by hand. The rules are in subscriber-admin.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GrantedAccessSchema, RevokedAccessSchema, subscriberList } from "../../shared/contracts/payments";
import { GrantAccessSchema, RevokeAccessSchema } from "../../shared/portal";
import { httpError } from "../plugins/errors";
import { staffAction } from "../plugins/session";
import { staffList } from "../plugins/staff-list";
import { grantAccessByStaff, listSubscribers, revokeAccessByStaff } from "./subscriber-admin";

export const adminSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  staffList(app, subscriberList, (query) => listSubscribers(app.db, query));

  app.post(
    "/api/admin/subscriptions/grant",
    { schema: { body: GrantAccessSchema, response: { 200: GrantedAccessSchema } } },
    async (request) => {
      const { email, until } = request.body;
      const by = staffAction(request);
      const result = await grantAccessByStaff(app.db, email, until, by);
      if (result.outcome === "bad-date") throw httpError(400, "Choose a real date for the end of access.");
      if (result.outcome === "past") throw httpError(400, "Choose a date from today on.");
      return { email, currentPeriodEnd: result.accessUntil, hasAccess: true } as const;
    },
  );

  app.post(
    "/api/admin/subscriptions/revoke",
    { schema: { body: RevokeAccessSchema, response: { 200: RevokedAccessSchema } } },
    async (request) => {
      const { email } = request.body;
      const by = staffAction(request);
      if (!(await revokeAccessByStaff(app.db, email, by))) {
        throw httpError(404, "No subscription is recorded for that e-mail.");
      }
      return { email, hasAccess: false } as const;
    },
  );
};
