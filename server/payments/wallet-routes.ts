// The wallet's other endpoints: the return from M-PAiSA's payment page (verified, then confirmed by the status
// call), the status the payment screen polls, and the sandbox's payment page. Staff's side is in
// wallet-admin-routes.ts.

import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  GatewayReturnQuerySchema,
  SandboxDecisionParamsSchema,
  SandboxRequestParamsSchema,
  WalletPaymentStateSchema,
  WalletReferenceParamsSchema,
} from "../../shared/contracts/payments";
import { WALLET_NOT_CONFIGURED_MESSAGE } from "../../shared/payment";
import {
  decideSandboxRequest,
  sandboxPage,
  sandboxRequest,
  sandboxSecret,
} from "../integrations/mpaisa-sandbox";
import { parseGatewayReturn } from "../integrations/mpaisa-wire";
import { requireIntegration } from "../integrations/require-integration";
import { httpError } from "../plugins/errors";
import { acceptCourseReturn, isCourseReference } from "../training/fee-wallet";
import { MPAISA_RETURN_PATH } from "./wallet-payments";
import { acceptGatewayReturn, NO_SUCH_PAYMENT, walletPaymentState, walletResultPath } from "./wallet-return";

export const RETURN_INCOMPLETE_MESSAGE = "This return from M-PAiSA is missing its payment details.";
export const RETURN_NOT_VERIFIED_MESSAGE =
  "This return from M-PAiSA could not be verified, so nothing was credited from it. If you paid, your payment is confirmed with M-PAiSA within a few minutes.";

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  // The gateway sends the payer's browser here from its payment page (wallet-return.ts checks and confirms it).
  // A plain GET that changes nothing but through the gateway's status call, so it needs no CSRF exemption.
  // A redirect, so only its query is in the contract (read leniently: parseGatewayReturn checks each field).
  app.get(
    MPAISA_RETURN_PATH,
    { schema: { querystring: GatewayReturnQuerySchema } },
    async (request, reply) => {
      const wallet = requireIntegration(app.wallet, WALLET_NOT_CONFIGURED_MESSAGE);
      const back = parseGatewayReturn(request.query);
      if (!back) throw httpError(400, RETURN_INCOMPLETE_MESSAGE);
      // A course fee's return (its reference starts CFP-) goes back to that place's payment page.
      if (isCourseReference(back.reference)) {
        const course = await acceptCourseReturn(app, wallet, back);
        if (course.outcome === "unknown") throw httpError(404, NO_SUCH_PAYMENT);
        if (course.outcome === "refused") throw httpError(400, RETURN_NOT_VERIFIED_MESSAGE);
        return reply.redirect(course.location, 303);
      }
      const outcome = await acceptGatewayReturn(app, wallet, back, request.log);
      if (outcome === "unknown") throw httpError(404, NO_SUCH_PAYMENT);
      if (outcome === "refused") {
        request.log.warn({ reference: back.reference, ip: request.ip }, "M-PAiSA return refused: bad token");
        throw httpError(400, RETURN_NOT_VERIFIED_MESSAGE);
      }
      return reply.redirect(walletResultPath(back.reference), 303);
    },
  );

  app.get(
    "/api/mpaisa-payments/:reference",
    { schema: { params: WalletReferenceParamsSchema, response: { 200: WalletPaymentStateSchema } } },
    async (request, reply) => {
      const state = await walletPaymentState(app.db, request.params.reference);
      if (!state) throw httpError(404, NO_SUCH_PAYMENT);
      reply.header("Cache-Control", "no-store");
      return state;
    },
  );

  if (app.wallet?.kind === "sandbox") {
    const secret = sandboxSecret(app.env);
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
        { schema: { params: SandboxRequestParamsSchema } },
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
        { schema: { params: SandboxDecisionParamsSchema } },
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
