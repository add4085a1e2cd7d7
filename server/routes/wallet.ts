// The wallet's other endpoints: M-PAiSA's signed callback, the status the payment screen polls, the sandbox
// checkout page, and staff confirming a payment by its reference when no callback comes.

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
import { errorBody } from "../plugins/errors";
import { keepJsonBodiesRaw } from "../plugins/raw-json";
import { requireAdmin, staffName } from "../plugins/session";
import { audit } from "../services/audit";
import { addGrant } from "../services/entitlements";
import {
  MPAISA_SIGNATURE_HEADER,
  MpaisaCallbackSchema,
  verifyMpaisaSignature,
  wireAmountToCents,
} from "../services/mpaisa-wire";
import { enqueueEmails } from "../services/outbox";
import { walletReceipt } from "../services/payment-emails";
import { applyWalletResult, REFERENCE_PATTERN } from "../services/wallet-payments";
import { walletConfigFrom } from "../services/wallet-provider";
import { sandboxPage, sendSandboxCallback } from "../services/wallet-sandbox";
import { paging } from "./admin-params";

const ReferenceParams = z.object({ reference: z.string().check(z.regex(REFERENCE_PATTERN)) });
const NO_SUCH_PAYMENT = "No wallet payment has that reference.";
export const BAD_SIGNATURE_MESSAGE = "The callback's signature is missing or wrong.";

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = walletConfigFrom(app.env);

  const findPayment = async (reference: string) => {
    const [row] = await app.db
      .select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, reference))
      .limit(1);
    return row;
  };

  // The provider signs the exact bytes it sends, so this scope keeps JSON bodies raw and parses after verifying.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    keepJsonBodiesRaw(scope);

    scope.post("/api/mpaisa/callback", { bodyLimit: 16 * 1024 }, async (request, reply) => {
      if (!config) return reply.status(503).send(errorBody(WALLET_NOT_CONFIGURED_MESSAGE));
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyMpaisaSignature(raw, request.headers[MPAISA_SIGNATURE_HEADER], config.callbackSecret)) {
        request.log.warn({ ip: request.ip }, "M-PAiSA callback refused: bad signature");
        return reply.status(401).send(errorBody(BAD_SIGNATURE_MESSAGE));
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString("utf8"));
      } catch {
        return reply.status(400).send(errorBody("The callback is not JSON."));
      }
      const parsed = MpaisaCallbackSchema.safeParse(json);
      if (!parsed.success) {
        request.log.warn({ issues: parsed.error.issues }, "M-PAiSA callback in an unknown shape");
        return reply.status(400).send(errorBody("The callback does not have the expected fields."));
      }
      const callback = parsed.data;
      const result = await applyWalletResult(app, {
        reference: callback.reference,
        status: callback.status,
        transactionId: callback.transactionId,
        amountCents: wireAmountToCents(callback.amount),
        message: callback.message,
        eventId: `${callback.transactionId}:${callback.status}`,
        eventType: `callback.${callback.status.toLowerCase()}`,
        settledBy: "mpaisa",
      });
      if (result.outcome === "unknown") return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
      return { received: true, outcome: result.outcome };
    });
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
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      // The checkout page's buttons are plain HTML forms; their (empty) bodies are not needed.
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string" },
        (_request, _body, done) => done(null, {}),
      );

      scope.get(
        "/api/mpaisa/sandbox/:reference",
        { schema: { params: ReferenceParams } },
        async (request, reply) => {
          const payment = await findPayment(request.params.reference);
          if (!payment) return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
          return reply
            .header("Cache-Control", "no-store")
            .type("text/html; charset=utf-8")
            .send(sandboxPage(payment));
        },
      );

      scope.post(
        "/api/mpaisa/sandbox/:reference/:decision",
        {
          schema: {
            params: z.object({
              reference: z.string().check(z.regex(REFERENCE_PATTERN)),
              decision: z.enum(["approve", "decline"]),
            }),
          },
        },
        async (request, reply) => {
          const { reference, decision } = request.params;
          const payment = await findPayment(reference);
          if (!payment) return reply.status(404).send(errorBody(NO_SUCH_PAYMENT));
          if (payment.status === "pending") {
            const status = await sendSandboxCallback(
              app,
              payment,
              decision === "approve" ? "COMPLETED" : "DECLINED",
            );
            if (status !== 200) throw new Error(`the sandbox callback was answered ${status}`);
          }
          return reply.redirect(`/api/mpaisa/sandbox/${reference}`, 303);
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
          status: "COMPLETED",
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
