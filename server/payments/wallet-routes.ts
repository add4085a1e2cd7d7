// The wallet's other endpoints: the return from M-PAiSA's payment page (verified, then confirmed by the status
// call), the status the payment screen polls, the sandbox's payment page, and staff confirming a payment by its
// reference or assigning one that named nobody.

import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import {
  amountToCents,
  WALLET_NOT_CONFIGURED_MESSAGE,
  WalletAssignmentSchema,
  WalletConfirmationSchema,
  walletDaysFor,
} from "../../shared/payment";
import { walletPayments } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { MpaisaError } from "../integrations/mpaisa";
import {
  decideSandboxRequest,
  SANDBOX_REQUEST_PATTERN,
  sandboxPage,
  sandboxRequest,
  sandboxSecret,
} from "../integrations/mpaisa-sandbox";
import { parseGatewayReturn } from "../integrations/mpaisa-wire";
import { errorBody } from "../plugins/errors";
import { paging } from "../plugins/route-params";
import { requireAdmin, staffName } from "../plugins/session";
import { audit } from "../staff/audit";
import { walletReceipt } from "./emails";
import { addGrant } from "./entitlements";
import { applyWalletResult, itemDetailFor, MPAISA_RETURN_PATH, REFERENCE_PATTERN } from "./wallet-payments";
import { walletConfigFor } from "./wallet-provider";
import { confirmWithGateway } from "./wallet-status";

const ReferenceParams = z.object({ reference: z.string().check(z.regex(REFERENCE_PATTERN)) });
const NO_SUCH_PAYMENT = "No wallet payment has that reference.";
export const RETURN_INCOMPLETE_MESSAGE = "This return from M-PAiSA is missing its payment details.";
export const RETURN_NOT_VERIFIED_MESSAGE =
  "This return from M-PAiSA could not be verified, so nothing was credited from it. If you paid, your payment is confirmed with M-PAiSA within a few minutes.";

/** Where the payer lands after the return: the wallet page, following this payment's status. */
export function walletResultPath(reference: string): string {
  return `/mpaisa-payment?reference=${reference}`;
}

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = walletConfigFor(app.env);

  const findPayment = async (reference: string) => {
    const [row] = await app.db
      .select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, reference))
      .limit(1);
    return row;
  };

  // The gateway sends the payer's browser here from its payment page. The redirect proves nothing by itself (it can
  // be replayed, or forged by anyone without the secret): its token is checked, and then only the status call can
  // credit. A plain GET that changes nothing but through that call, so it needs no CSRF exemption.
  app.get(MPAISA_RETURN_PATH, async (request, reply) => {
    if (!config) return reply.status(503).send(errorBody(WALLET_NOT_CONFIGURED_MESSAGE));
    const back = parseGatewayReturn(request.query);
    if (!back) return reply.status(400).send(errorBody(RETURN_INCOMPLETE_MESSAGE));
    if (!REFERENCE_PATTERN.test(back.reference)) return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
    const payment = await findPayment(back.reference);
    if (!payment) return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
    // Settled already (by an earlier return, the poller or staff): nothing is left to do but show the result, which
    // the wallet page reads by reference anyway; its amount or transaction id may have changed since the request.
    if (payment.status !== "pending") return reply.redirect(walletResultPath(payment.reference), 303);
    const genuine =
      payment.providerTransactionId === back.requestId &&
      config.gateway.verifyReturn({
        reference: payment.reference,
        amountCents: payment.amountCents,
        itemDetail: itemDetailFor(payment.reference),
        code: back.code,
        token: back.token,
      });
    if (!genuine) {
      request.log.warn({ reference: payment.reference, ip: request.ip }, "M-PAiSA return refused: bad token");
      return reply.status(400).send(errorBody(RETURN_NOT_VERIFIED_MESSAGE));
    }
    try {
      await confirmWithGateway(app, config.gateway, payment);
    } catch (error) {
      // The payment stays pending and the poller asks again; the payer sees it follow on the wallet page.
      if (!(error instanceof MpaisaError)) throw error;
      request.log.warn({ reference: payment.reference, kind: error.kind }, "M-PAiSA status call failed");
    }
    return reply.redirect(walletResultPath(payment.reference), 303);
  });

  app.get(
    "/api/mpaisa-payments/:reference",
    { schema: { params: ReferenceParams } },
    async (request, reply) => {
      const payment = await findPayment(request.params.reference);
      if (!payment) return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
      reply.header("Cache-Control", "no-store");
      return {
        reference: payment.reference,
        status: payment.status,
        // A payment staff settled by hand says so without naming them (who did it is for the audit log).
        message: payment.settledBy && payment.settledBy !== "mpaisa" ? "Payment received." : payment.message,
        transactionId: payment.providerTransactionId,
      };
    },
  );

  if (config?.kind === "sandbox") {
    const secret = sandboxSecret(app.env);
    const RequestParams = z.object({ requestId: z.string().check(z.regex(SANDBOX_REQUEST_PATTERN)) });
    const NO_SUCH_REQUEST = "The sandbox has no payment request with that id.";
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      // The payment page's buttons are plain HTML forms; their (empty) bodies are not needed.
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string" },
        (_request, _body, done) => done(null, {}),
      );

      scope.get(
        "/api/mpaisa/sandbox/:requestId",
        { schema: { params: RequestParams } },
        async (request, reply) => {
          const entry = sandboxRequest(request.params.requestId);
          if (!entry) return reply.status(404).send(errorBody(NO_SUCH_REQUEST));
          return reply
            .header("Cache-Control", "no-store")
            .type("text/html; charset=utf-8")
            .send(sandboxPage(entry, secret));
        },
      );

      scope.post(
        "/api/mpaisa/sandbox/:requestId/:decision",
        {
          schema: {
            params: z.object({
              requestId: z.string().check(z.regex(SANDBOX_REQUEST_PATTERN)),
              decision: z.enum(["approve", "decline"]),
            }),
          },
        },
        async (request, reply) => {
          const { requestId, decision } = request.params;
          const back = decideSandboxRequest(requestId, decision, secret);
          if (!back) return reply.status(404).send(errorBody(NO_SUCH_REQUEST));
          // As the gateway does: the payer's browser goes back to the merchant with the signed outcome.
          return reply.redirect(back, 303);
        },
      );
    });
  }

  await app.register(async (plain) => {
    const staff = plain.withTypeProvider<ZodTypeProvider>();
    staff.addHook("preHandler", requireAdmin);

    staff.get(
      "/api/admin/wallet-payments",
      {
        schema: {
          querystring: z.object({
            status: z.optional(z.enum(["pending", "completed", "failed", "unmatched"])),
            ...paging,
          }),
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
        const items = rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          settledAt: row.settledAt?.toISOString() ?? null,
        }));
        return { items, total: total?.n ?? 0 };
      },
    );

    staff.post(
      "/api/admin/wallet-payments/:reference/assign",
      { schema: { params: ReferenceParams, body: WalletAssignmentSchema } },
      async (request, reply) => {
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
          const payment = await findPayment(reference);
          if (!payment) return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
          return reply
            .status(409)
            .send(
              errorBody("Only a completed payment that names nobody yet can be assigned to a subscriber."),
            );
        }
        app.outbox.kick();
        return { reference, email, accessUntil: outcome.toISOString() };
      },
    );

    staff.post(
      "/api/admin/wallet-payments/:reference/confirm",
      { schema: { params: ReferenceParams, body: WalletConfirmationSchema } },
      async (request, reply) => {
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
        if (result.outcome === "unknown") return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
        if (result.outcome !== "applied") {
          return reply.status(409).send(errorBody(`This payment is already ${result.status}.`));
        }
        return {
          reference,
          status: result.status,
          accessUntil: result.accessUntil?.toISOString() ?? null,
        };
      },
    );
  });
};
