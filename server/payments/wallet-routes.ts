// The wallet's other endpoints: the return from M-PAiSA's payment page (verified, then confirmed by the status
// call), the status the payment screen polls, and the sandbox's payment page. Staff's side is in
// wallet-admin-routes.ts.

import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { WalletPaymentStateSchema } from "../../shared/contracts/payments";
import { WALLET_NOT_CONFIGURED_MESSAGE } from "../../shared/payment";
import { walletPayments } from "../db/schema";
import { MpaisaError } from "../integrations/mpaisa";
import {
  decideSandboxRequest,
  SANDBOX_REQUEST_PATTERN,
  sandboxPage,
  sandboxRequest,
  sandboxSecret,
} from "../integrations/mpaisa-sandbox";
import { parseGatewayReturn } from "../integrations/mpaisa-wire";
import { requireIntegration } from "../integrations/require-integration";
import { httpError } from "../plugins/errors";
import { itemDetailFor, MPAISA_RETURN_PATH, REFERENCE_PATTERN } from "./wallet-payments";
import { confirmWithGateway } from "./wallet-status";

export const ReferenceParams = z.object({ reference: z.string().check(z.regex(REFERENCE_PATTERN)) });
/** The gateway's return carries a handful of text fields; which ones, and their checks, are the wire module's. */
const GatewayReturnQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export const NO_SUCH_PAYMENT = "No wallet payment has that reference.";
export const RETURN_INCOMPLETE_MESSAGE = "This return from M-PAiSA is missing its payment details.";
export const RETURN_NOT_VERIFIED_MESSAGE =
  "This return from M-PAiSA could not be verified, so nothing was credited from it. If you paid, your payment is confirmed with M-PAiSA within a few minutes.";

/** Where the payer lands after the return: the wallet page, following this payment's status. */
export function walletResultPath(reference: string): string {
  return `/mpaisa-payment?reference=${reference}`;
}

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
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
  // A redirect, so only its query is in the contract (read leniently: parseGatewayReturn checks each field).
  app.get(MPAISA_RETURN_PATH, { schema: { querystring: GatewayReturnQuery } }, async (request, reply) => {
    const wallet = requireIntegration(app.wallet, WALLET_NOT_CONFIGURED_MESSAGE);
    const back = parseGatewayReturn(request.query);
    if (!back) throw httpError(400, RETURN_INCOMPLETE_MESSAGE);
    if (!REFERENCE_PATTERN.test(back.reference)) throw httpError(404, NO_SUCH_PAYMENT);
    const payment = await findPayment(back.reference);
    if (!payment) throw httpError(404, NO_SUCH_PAYMENT);
    // Settled already (by an earlier return, the poller or staff): nothing is left to do but show the result, which
    // the wallet page reads by reference anyway; its amount or transaction id may have changed since the request.
    if (payment.status !== "pending") return reply.redirect(walletResultPath(payment.reference), 303);
    const genuine =
      payment.providerTransactionId === back.requestId &&
      wallet.gateway.verifyReturn({
        reference: payment.reference,
        amountCents: payment.amountCents,
        itemDetail: itemDetailFor(payment.reference),
        code: back.code,
        token: back.token,
      });
    if (!genuine) {
      request.log.warn({ reference: payment.reference, ip: request.ip }, "M-PAiSA return refused: bad token");
      throw httpError(400, RETURN_NOT_VERIFIED_MESSAGE);
    }
    try {
      await confirmWithGateway(app, wallet.gateway, payment);
    } catch (error) {
      // The payment stays pending and the poller asks again; the payer sees it follow on the wallet page.
      if (!(error instanceof MpaisaError)) throw error;
      request.log.warn({ reference: payment.reference, kind: error.kind }, "M-PAiSA status call failed");
    }
    return reply.redirect(walletResultPath(payment.reference), 303);
  });

  app.get(
    "/api/mpaisa-payments/:reference",
    { schema: { params: ReferenceParams, response: { 200: WalletPaymentStateSchema } } },
    async (request, reply) => {
      const payment = await findPayment(request.params.reference);
      if (!payment) throw httpError(404, NO_SUCH_PAYMENT);
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

  if (app.wallet?.kind === "sandbox") {
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
          if (!entry) throw httpError(404, NO_SUCH_REQUEST);
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
          if (!back) throw httpError(404, NO_SUCH_REQUEST);
          // As the gateway does: the payer's browser goes back to the merchant with the signed outcome.
          return reply.redirect(back, 303);
        },
      );
    });
  }
};
