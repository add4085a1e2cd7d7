// The payer's course-fee endpoints: what a place owes (GET), starting a card or M-PAiSA payment (POST), and the
// state of a payment the page follows afterwards. A place is opened by the pay token of its offer e-mail, or by the
// signed-in applicant whose e-mail it is; anyone else is told the link is not valid.

import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { COURSES } from "../../shared/constants";
import {
  CoursePaymentReferenceSchema,
  CoursePaymentStateSchema,
  PAY_LINK_INVALID_MESSAGE,
  PayTokenQuerySchema,
  type PlacePayment,
  PlacePaymentSchema,
  StartCoursePaymentSchema,
  StartedCoursePaymentSchema,
} from "../../shared/course-payment";
import { refundDeadlines } from "../../shared/refund-rule";
import { coursePayments, seats } from "../db/schema";
import { oneOffCardPaymentsFor } from "../payments/card-one-off";
import { readUserSession } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";
import { idParam } from "../plugins/route-params";
import { readSettings } from "../settings/settings";
import { findPlace, paidTowards, placeDues } from "./fee-dues";
import { startCoursePayment } from "./fee-payments";
import { verifyPayToken } from "./fee-token";
import { checkCoursePaymentNow } from "./fee-wallet";

export const coursePaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The place, if the request may see it: its pay token, or its applicant signed in. */
  async function openPlace(request: FastifyRequest, seatId: number, token: string | undefined) {
    const place = await findPlace(app.db, seatId);
    if (place && verifyPayToken(app.payLinkKey, seatId, token)) return place;
    const session = place ? await readUserSession(app.db, app.userCookie.read(request)) : null;
    if (place && session && session.email.toLowerCase() === place.seat.email) return place;
    throw httpError(404, PAY_LINK_INVALID_MESSAGE);
  }

  app.get(
    "/api/training/places/:id/payment",
    {
      schema: { params: idParam, querystring: PayTokenQuerySchema, response: { 200: PlacePaymentSchema } },
    },
    async (request, reply): Promise<PlacePayment> => {
      const place = await openPlace(request, request.params.id, request.query.token);
      const settings = await readSettings(app.db);
      const dues = placeDues(place, await paidTowards(app.db, place.seat.id), settings);
      const card = oneOffCardPaymentsFor(app);
      reply.header("Cache-Control", "no-store");
      return {
        placeId: place.seat.id,
        state: place.seat.state,
        courseType: place.intake.courseType,
        courseTitle: COURSES[place.intake.courseType].title,
        startDate: place.intake.startDate,
        endDate: place.intake.endDate,
        location: place.intake.location,
        intakeCancelled: place.intake.status === "cancelled",
        offerExpiresAt:
          place.seat.state === "offered" ? (place.seat.offerExpiresAt?.toISOString() ?? null) : null,
        ...dues,
        refundRule: refundDeadlines(place.intake.startDate, settings),
        card: card !== null,
        wallet: app.wallet !== null,
        stripePublishableKey: card?.publishableKey ?? null,
      };
    },
  );

  app.post(
    "/api/training/places/:id/payment",
    {
      schema: {
        params: idParam,
        body: StartCoursePaymentSchema,
        response: { 200: StartedCoursePaymentSchema },
      },
      config: publicWriteLimit(app),
    },
    async (request) => {
      const place = await openPlace(request, request.params.id, request.body.token);
      return startCoursePayment(app, place.seat.id, request.body);
    },
  );

  app.get(
    "/api/training/course-payments/:reference",
    { schema: { params: CoursePaymentReferenceSchema, response: { 200: CoursePaymentStateSchema } } },
    async (request, reply) => {
      const { reference } = request.params;
      await checkCoursePaymentNow(app, reference);
      const [row] = await app.db
        .select({
          reference: coursePayments.reference,
          status: coursePayments.status,
          placeId: coursePayments.seatId,
          placeState: seats.state,
        })
        .from(coursePayments)
        .leftJoin(seats, eq(seats.id, coursePayments.seatId))
        .where(eq(coursePayments.reference, reference))
        .limit(1);
      if (!row) throw httpError(404, "No course payment has that reference.");
      reply.header("Cache-Control", "no-store");
      return row;
    },
  );
};
