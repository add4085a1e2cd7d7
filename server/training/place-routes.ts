// Staff's decisions on the places applicants hold (mounted in the staff-only scope of app.ts): the list of an
// intake's places, accepting an application (an offer with a deadline), declining one, and putting an application in
// another intake by hand. Rules: seat-lifecycle.ts and place-moves.ts.
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PlaceInIntakeSchema, StaffPlaceListSchema, StaffPlaceSchema } from "../../shared/training";
import { enrollments, intakes, seats } from "../db/schema";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction } from "../plugins/session";
import { readSettings } from "../settings/settings";
import { notTextableReason } from "../sms/staff-texts";
import { dueCentsOf, placePaid } from "./fee-dues";
import { placeByStaff } from "./place-moves";
import { acceptPlace, declinePlace, OFFER_TOO_LATE_MESSAGE, type PlaceChange } from "./seat-lifecycle";

const placeColumns = {
  id: seats.id,
  enrollmentId: seats.enrollmentId,
  email: seats.email,
  firstName: enrollments.firstName,
  lastName: enrollments.lastName,
  phone: enrollments.phone,
  state: seats.state,
  holdExpiresAt: seats.holdExpiresAt,
  addressConfirmedAt: seats.addressConfirmedAt,
  addressConfirmedVia: seats.addressConfirmedVia,
  offerExpiresAt: seats.offerExpiresAt,
  createdAt: seats.createdAt,
  ipBurstAt: seats.ipBurstAt,
  sourceIp: seats.sourceIp,
  feeCents: intakes.feeCents,
  notTextable: notTextableReason,
  ...placePaid,
};

export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  async function places(where: ReturnType<typeof eq>) {
    const rows = await app.db
      .select(placeColumns)
      .from(seats)
      .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
      .innerJoin(intakes, eq(intakes.id, seats.intakeId))
      .where(where)
      .orderBy(asc(seats.id));
    return rows.map(({ firstName, lastName, feeCents, waived, ...row }) => ({
      ...row,
      name: `${firstName} ${lastName}`,
      dueCents: dueCentsOf(feeCents, { paidCents: row.paidCents, waived }),
    }));
  }

  app.get(
    "/api/admin/intakes/:id/places",
    { schema: { params: idParam, response: { 200: StaffPlaceListSchema } } },
    async (request) => places(eq(seats.intakeId, request.params.id)),
  );

  const decisions = { accept: acceptPlace, decline: declinePlace } as const;
  for (const [name, decide] of Object.entries(decisions)) {
    app.post(
      `/api/admin/places/:id/${name}`,
      { schema: { params: idParam, response: { 200: StaffPlaceSchema } } },
      async (request) => {
        const { id } = request.params;
        const change: PlaceChange = await decide(
          app.db,
          id,
          await readSettings(app.db),
          staffAction(request),
        );
        if (change.outcome === "unknown") throw httpError(404, "Place not found.");
        if (change.outcome === "too-late") throw httpError(409, OFFER_TOO_LATE_MESSAGE);
        if (change.outcome === "not-now")
          throw httpError(409, `This place is ${change.state}: it cannot be ${name}ed now.`);
        app.outbox.kick();
        const [place] = await places(eq(seats.id, id));
        if (!place) throw httpError(404, "Place not found.");
        return place;
      },
    );
  }

  app.post(
    "/api/admin/enrollments/:id/intake",
    { schema: { params: idParam, body: PlaceInIntakeSchema, response: { 200: StaffPlaceSchema } } },
    async (request) => {
      const settings = await readSettings(app.db);
      const placed = await placeByStaff(
        app.db,
        request.params.id,
        request.body.intakeId,
        settings,
        staffAction(request),
        app.env.PUBLIC_URL,
      );
      app.outbox.kick();
      const [place] = await places(eq(seats.id, placed.seatId));
      if (!place) throw httpError(404, "Place not found.");
      return place;
    },
  );
};
