// Starting a course-fee payment for a place: by card (a one-off payment through the card provider the subscriptions
// use) or with M-PAiSA (the same wallet gateway, sandbox included). The payment is recorded as pending first, under
// the intake's lock and after the place's state and deadline are checked; only once that has committed is the
// provider asked, and its answer recorded after. An expired offer is refused before anything is recorded or charged.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  COURSE_CARD_NOT_CONFIGURED,
  COURSE_WALLET_NOT_CONFIGURED,
  OFFER_EXPIRED_MESSAGE,
  PLACE_NOT_PAYABLE_MESSAGE,
  type StartCoursePayment,
  type StartedCoursePayment,
} from "../../shared/course-payment";
import type { Settings } from "../../shared/settings";
import { coursePayments } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { MpaisaError } from "../integrations/mpaisa";
import { requireIntegration } from "../integrations/require-integration";
import { oneOffCardPaymentsFor } from "../payments/card-one-off";
import { MPAISA_RETURN_PATH } from "../payments/wallet-payments";
import { httpError } from "../plugins/errors";
import { readSettings } from "../settings/settings";
import { findPlace, paidTowards, paymentDescription, placeDues } from "./fee-dues";
import { type ProviderAnswer, placePaymentBase, type SettleContext, settleCoursePayment } from "./fee-settle";
import { lockIntake } from "./intakes";

/** What the gateway shows and hashes for a course payment: made from the reference, never stored apart. */
export function courseItemDetail(reference: string): string {
  return `Course fee (${reference})`;
}

export async function settleContextFor(app: FastifyInstance, settings?: Settings): Promise<SettleContext> {
  return {
    db: app.db,
    settings: settings ?? (await readSettings(app.db)),
    links: { publicUrl: app.env.PUBLIC_URL, key: app.payLinkKey },
  };
}

/** Applies a provider's answer, then (committed) queues its e-mails and wakes the outbox. */
export async function settleAndMail(ctx: SettleContext, answer: ProviderAnswer, kick?: () => void) {
  const result = await settleCoursePayment(ctx, answer);
  if (result.emails.length > 0) {
    await enqueueEmails(ctx.db, result.emails);
    kick?.();
  }
  return result.outcome;
}

async function markFailed(app: FastifyInstance, reference: string, note: string) {
  await app.db
    .update(coursePayments)
    .set({ status: "failed", note: note.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(coursePayments.reference, reference), eq(coursePayments.status, "pending")));
}

export async function startCoursePayment(
  app: FastifyInstance,
  seatId: number,
  request: Pick<StartCoursePayment, "kind" | "method">,
  now = new Date(),
): Promise<StartedCoursePayment> {
  const card = request.method === "card" ? oneOffCardPaymentsFor(app) : null;
  if (request.method === "card") requireIntegration(card, COURSE_CARD_NOT_CONFIGURED);
  else requireIntegration(app.wallet, COURSE_WALLET_NOT_CONFIGURED);
  const settings = await readSettings(app.db);

  const pending = await app.db.transaction(async (tx) => {
    const found = await findPlace(tx, seatId);
    if (!found) throw httpError(404, "Place not found.");
    const intake = await lockIntake(tx, found.intake.id);
    const place = await findPlace(tx, seatId);
    if (!intake || !place) throw httpError(404, "Place not found.");
    const dues = placeDues(place, await paidTowards(tx, seatId), settings, now);
    if (dues.offerExpired) throw httpError(409, OFFER_EXPIRED_MESSAGE);
    const option = dues.options.find((o) => o.kind === request.kind);
    if (!option) throw httpError(409, dues.message ?? PLACE_NOT_PAYABLE_MESSAGE);
    const [row] = await tx
      .insert(coursePayments)
      .values({
        ...placePaymentBase(place),
        kind: option.kind,
        method: request.method,
        amountCents: option.amountCents,
        vatCents: option.vatCents,
      })
      .returning();
    if (!row) throw new Error("course payment insert returned nothing");
    return { row, intake };
  });
  const { row, intake } = pending;

  // Committed: now the provider may be asked (no network call inside a transaction).
  if (card) {
    let started: { id: string; clientSecret: string };
    try {
      started = await card.start({
        reference: row.reference,
        amountCents: row.amountCents,
        email: row.email,
        description: paymentDescription(intake, row.kind),
        metadata: { purpose: "course-fee", reference: row.reference, place: String(seatId) },
      });
    } catch (error) {
      await markFailed(app, row.reference, "The card provider could not start the payment.");
      throw error;
    }
    await app.db
      .update(coursePayments)
      .set({ providerReference: started.id, updatedAt: new Date() })
      .where(eq(coursePayments.id, row.id));
    return {
      reference: row.reference,
      method: "card",
      amountCents: row.amountCents,
      clientSecret: started.clientSecret,
      checkoutUrl: null,
    };
  }

  const wallet = requireIntegration(app.wallet, COURSE_WALLET_NOT_CONFIGURED);
  try {
    const started = await wallet.gateway.startPayment({
      reference: row.reference,
      amountCents: row.amountCents,
      itemDetail: courseItemDetail(row.reference),
      returnUrl: `${app.env.PUBLIC_URL}${MPAISA_RETURN_PATH}`,
    });
    await app.db
      .update(coursePayments)
      .set({
        providerReference: started.requestId,
        checkoutUrl: started.checkoutUrl,
        payableUntil: started.payableUntil,
        updatedAt: new Date(),
      })
      .where(eq(coursePayments.id, row.id));
    return {
      reference: row.reference,
      method: "mpaisa",
      amountCents: row.amountCents,
      clientSecret: null,
      checkoutUrl: started.checkoutUrl,
    };
  } catch (error) {
    if (!(error instanceof MpaisaError)) throw error;
    await markFailed(app, row.reference, error.message);
    throw httpError(error.statusCode, error.message);
  }
}
