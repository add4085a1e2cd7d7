// Staff's side of wallet payments: the list (pending, completed, failed, and "unmatched" money that named nobody),
// confirming a payment by hand from the M-PAiSA statement, and assigning an unmatched one to its subscriber.
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  AdminWalletPaymentPageSchema,
  WalletAssignedSchema,
  WalletConfirmedSchema,
} from "../../shared/contracts/payments";
import {
  amountToCents,
  WalletAssignmentSchema,
  WalletConfirmationSchema,
  walletDaysFor,
} from "../../shared/payment";
import { walletPayments } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { paging } from "../plugins/route-params";
import { requireAdmin, staffName } from "../plugins/session";
import { audit } from "../staff/audit";
import { walletReceipt } from "./emails";
import { addGrant } from "./entitlements";
import { applyWalletResult } from "./wallet-payments";
import { NO_SUCH_PAYMENT, ReferenceParams } from "./wallet-routes";

export const walletAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", requireAdmin);

  app.get(
    "/api/admin/wallet-payments",
    {
      schema: {
        querystring: z.object({
          status: z.optional(z.enum(["pending", "completed", "failed", "unmatched"])),
          ...paging,
        }),
        response: { 200: AdminWalletPaymentPageSchema },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      // Unmatched: money received that names nobody, so nothing was credited yet.
      const where =
        status === "unmatched"
          ? and(eq(walletPayments.status, "completed"), isNull(walletPayments.email))
          : status
            ? eq(walletPayments.status, status)
            : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            reference: walletPayments.reference,
            method: walletPayments.method,
            email: walletPayments.email,
            name: walletPayments.name,
            phone: walletPayments.phone,
            amountCents: walletPayments.amountCents,
            status: walletPayments.status,
            providerTransactionId: walletPayments.providerTransactionId,
            message: walletPayments.message,
            createdAt: walletPayments.createdAt,
            settledAt: walletPayments.settledAt,
            settledBy: walletPayments.settledBy,
          })
          .from(walletPayments)
          .where(where)
          .orderBy(desc(walletPayments.createdAt), desc(walletPayments.id))
          .limit(limit)
          .offset(offset),
        app.db.select({ n: count() }).from(walletPayments).where(where),
      ]);
      return { items: rows, total: total?.n ?? 0 };
    },
  );

  app.post(
    "/api/admin/wallet-payments/:reference/assign",
    {
      schema: {
        params: ReferenceParams,
        body: WalletAssignmentSchema,
        response: { 200: WalletAssignedSchema },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const email = request.body.email.toLowerCase();
      const actor = staffName(request);
      const outcome = await app.db.transaction(async (tx) => {
        const [payment] = await tx
          .update(walletPayments)
          .set({ email })
          .where(
            and(
              eq(walletPayments.reference, reference),
              eq(walletPayments.status, "completed"),
              isNull(walletPayments.email),
            ),
          )
          .returning();
        if (!payment) return null;
        const days = walletDaysFor(payment.amountCents);
        const accessUntil = await addGrant(tx, { email, source: "wallet", sourceRef: reference, days });
        await enqueueEmails(tx, [walletReceipt(payment, email, accessUntil, app.env.PUBLIC_URL)]);
        await audit(tx, {
          actor,
          action: "wallet.assigned",
          subject: reference,
          details: {
            email,
            amountCents: payment.amountCents,
            days,
            accessUntil: accessUntil?.toISOString() ?? null,
          },
          ip: request.ip,
        });
        return accessUntil;
      });
      if (outcome === null) {
        const [payment] = await app.db
          .select({ reference: walletPayments.reference })
          .from(walletPayments)
          .where(eq(walletPayments.reference, reference))
          .limit(1);
        if (!payment) throw httpError(404, NO_SUCH_PAYMENT);
        throw httpError(
          409,
          "Only a completed payment that names nobody yet can be assigned to a subscriber.",
        );
      }
      app.outbox.kick();
      return { reference, email, accessUntil: outcome };
    },
  );

  app.post(
    "/api/admin/wallet-payments/:reference/confirm",
    {
      schema: {
        params: ReferenceParams,
        body: WalletConfirmationSchema,
        response: { 200: WalletConfirmedSchema },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const actor = staffName(request);
      const receivedCents = amountToCents(request.body.amount);
      const receipt = request.body.receipt;
      const result = await applyWalletResult(app, {
        reference,
        status: "completed",
        // Credit what reached the merchant account, as staff read it off the statement.
        amountCents: receivedCents,
        transactionId: receipt,
        eventId: `staff:${reference}`,
        eventType: "staff.confirmed",
        // Shown on the payer's status panel: which staff member confirmed stays in the audit log.
        message: "Payment received.",
        settledBy: actor,
        onApplied: (tx, applied) =>
          audit(tx, {
            actor,
            action: "wallet.confirmed",
            subject: reference,
            details: {
              email: applied.email,
              amountCents: applied.amountCents,
              requestedAmountCents: applied.requestedAmountCents,
              receipt,
              accessUntil: applied.accessUntil?.toISOString() ?? null,
            },
            ip: request.ip,
          }),
      });
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
