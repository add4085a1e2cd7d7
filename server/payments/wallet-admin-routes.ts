// Staff's wallet screens (docs/product.md, Staff dashboard > Subscribers and wallet payments): the list, assigning
// an unmatched payment to its subscriber, and confirming a payment by hand. The rules are in wallet-admin.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  WalletAssignedSchema,
  WalletConfirmedSchema,
  WalletReferenceParamsSchema,
  walletPaymentList,
} from "../../shared/contracts/payments";
import { amountToCents, WalletAssignmentSchema, WalletConfirmationSchema } from "../../shared/payment";
import { httpError } from "../plugins/errors";
import { staffAction } from "../plugins/session";
import { staffList } from "../plugins/staff-list";
import { requireRecentSecondFactor } from "../staff/step-up";
import { assignWalletPayment, confirmWalletPayment, listWalletPayments } from "./wallet-admin";
import { NO_SUCH_PAYMENT } from "./wallet-return";

export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  staffList(app, walletPaymentList, (query) => listWalletPayments(app.db, query));

  app.post(
    "/api/admin/wallet-payments/:reference/assign",
    {
      schema: {
        params: WalletReferenceParamsSchema,
        body: WalletAssignmentSchema,
        response: { 200: WalletAssignedSchema },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const by = staffAction(request);
      const result = await assignWalletPayment(app, reference, request.body.email, by);
      if (result.outcome === "unknown") throw httpError(404, NO_SUCH_PAYMENT);
      if (result.outcome === "not-assignable") {
        throw httpError(
          409,
          "Only a completed payment that names nobody yet can be assigned to a subscriber.",
        );
      }
      return { reference, email: request.body.email.toLowerCase(), accessUntil: result.accessUntil };
    },
  );

  app.post(
    "/api/admin/wallet-payments/:reference/confirm",
    {
      // Confirming by hand grants access without the wallet's word: a second factor within 10 minutes (ADR 051).
      preHandler: requireRecentSecondFactor,
      schema: {
        params: WalletReferenceParamsSchema,
        body: WalletConfirmationSchema,
        response: { 200: WalletConfirmedSchema },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const received = { amountCents: amountToCents(request.body.amount), receipt: request.body.receipt };
      const by = staffAction(request);
      const result = await confirmWalletPayment(app, reference, received, by);
      if (result.outcome === "unknown") throw httpError(404, NO_SUCH_PAYMENT);
      if (result.outcome !== "applied") {
        throw httpError(409, `This payment is already ${result.status}.`);
      }
      return {
        reference,
        status: result.status,
        accessUntil: result.accessUntil?.toISOString() ?? null,
      };
    },
  );
};
