// Applicant self-service (docs/product.md, My training): the address confirmation behind the application e-mail's
// link (opening it shows what it confirms; only the page's button, a POST, acts, since mail scanners follow links),
// and, signed in with the e-mail code or OIDC, the person's own applications, their calendar files and cancelling a
// place. A place of another e-mail is a 404 to them, exactly like one that does not exist.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddressConfirmationSchema,
  APPLICANT_SIGN_IN_MESSAGE,
  APPLICATION_GONE_MESSAGE,
  CancelledPlaceSchema,
  CONFIRM_LINK_EXPIRED_MESSAGE,
  CONFIRM_LINK_INVALID_MESSAGE,
  COURSE_RESULT_MESSAGE,
  ConfirmAddressSchema,
  ConfirmTokenSchema,
  MyApplicationsSchema,
  PLACE_NOT_FOUND_MESSAGE,
  SignInOptionsSchema,
} from "../../shared/applicant";
import { COURSES } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import { formatFjd } from "../../shared/money-format";
import { enqueueEmails } from "../integrations/mail/outbox";
import { readUserSession } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";
import { idParam } from "../plugins/route-params";
import { readSettings } from "../settings/settings";
import {
  applicationRows,
  applicationsOf,
  confirmHeldSeatsOf,
  hasOutcome,
  ownedSeat,
} from "./applicant-applications";
import { placeCalendar } from "./applicant-calendar";
import { placeCancelledEmail } from "./applicant-emails";
import { withTexts } from "./applicant-text-choice";
import { readConfirmToken } from "./applicant-token";
import { cancelPlaceWithRefund } from "./fee-refunds";
import { confirmAddress } from "./seat-lifecycle";

export const COURSE_STARTED_MESSAGE =
  "This course has already started, so the place cannot be cancelled here. Please contact us.";

/** The signed-in applicant's e-mail (the /my-training session); 401 for everyone else. */
export async function applicantEmail(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const session = await readUserSession(app.db, app.userCookie.read(request));
  if (!session) throw httpError(401, APPLICANT_SIGN_IN_MESSAGE);
  return session.email;
}

export const applicantRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The application a confirm link names, as its page shows it; a bad or expired link is a 4xx with its reason. */
  async function confirmedApplication(token: string) {
    const read = readConfirmToken(app.confirmLinkKey, token);
    if (!read.ok) {
      throw read.why === "expired"
        ? httpError(410, CONFIRM_LINK_EXPIRED_MESSAGE)
        : httpError(400, CONFIRM_LINK_INVALID_MESSAGE);
    }
    const [row] = await applicationRows(app.db, { enrollmentId: read.enrollmentId });
    if (!row) throw httpError(404, APPLICATION_GONE_MESSAGE);
    return row;
  }

  function confirmationView(row: Awaited<ReturnType<typeof confirmedApplication>>) {
    return {
      courseTitle: COURSES[row.courseType].title,
      status: row.seat?.state ?? ("applied" as const),
      intake: row.intake && {
        startDate: row.intake.startDate,
        endDate: row.intake.endDate,
        location: row.intake.location,
        cancelled: row.intake.status === "cancelled",
      },
      addressConfirmed: row.seat?.addressConfirmedAt != null,
    };
  }

  app.get(
    "/api/training/sign-in-options",
    { schema: { response: { 200: SignInOptionsSchema } } },
    async () => ({
      oidc: app.oidc !== null,
    }),
  );

  app.get(
    "/api/training/confirm",
    { schema: { querystring: ConfirmTokenSchema, response: { 200: AddressConfirmationSchema } } },
    async (request) => confirmationView(await confirmedApplication(request.query.token)),
  );

  app.post(
    "/api/training/confirm",
    {
      schema: { body: ConfirmAddressSchema, response: { 200: AddressConfirmationSchema } },
      config: publicWriteLimit(app),
    },
    async (request) => {
      const { enrollmentId } = await confirmedApplication(request.body.token);
      await confirmAddress(app.db, enrollmentId, new Date(), request.body.via === "text" ? "text" : "email");
      const [row] = await applicationRows(app.db, { enrollmentId });
      if (!row) throw httpError(404, APPLICATION_GONE_MESSAGE);
      return confirmationView(row);
    },
  );

  app.get(
    "/api/training/applications",
    { schema: { response: { 200: MyApplicationsSchema } } },
    async (request, reply) => {
      const email = await applicantEmail(app, request);
      // Signing in proved the address: the person's held seats stop lapsing, as the e-mail's link would do.
      await confirmHeldSeatsOf(app.db, email);
      reply.header("Cache-Control", "no-store");
      const applications = await applicationsOf(app.db, email, await readSettings(app.db));
      return { email, applications: await withTexts(app.db, applications, app.env.SMS_ALLOWED_COUNTRIES) };
    },
  );

  app.get(
    "/api/training/places/:id/calendar.ics",
    { schema: { params: idParam } },
    async (request, reply) => {
      const email = await applicantEmail(app, request);
      const place = await ownedSeat(app.db, request.params.id, email);
      if (!place || !["held", "offered", "confirmed"].includes(place.state)) {
        throw httpError(404, PLACE_NOT_FOUND_MESSAGE);
      }
      const ics = placeCalendar(
        { seatId: place.id, sequence: place.sequence, ...place.intake },
        app.env.PUBLIC_URL,
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="course-${place.intake.startDate}.ics"`)
        .header("Cache-Control", "private, no-store")
        .send(ics);
    },
  );

  app.post(
    "/api/training/places/:id/cancel",
    { schema: { params: idParam, response: { 200: CancelledPlaceSchema } } },
    async (request) => {
      const email = await applicantEmail(app, request);
      const { id } = request.params;
      const place = await ownedSeat(app.db, id, email);
      if (!place) throw httpError(404, PLACE_NOT_FOUND_MESSAGE);
      if (place.intake.startDate < fijiToday()) throw httpError(409, COURSE_STARTED_MESSAGE);
      if (await hasOutcome(app.db, id)) throw httpError(409, COURSE_RESULT_MESSAGE);
      const settings = await readSettings(app.db);
      const done = await cancelPlaceWithRefund(app.db, id, settings, {
        actor: `applicant ${email}`,
        ip: request.ip,
      });
      if (done.outcome === "unknown") throw httpError(404, PLACE_NOT_FOUND_MESSAGE);
      if (done.outcome === "not-now") {
        throw httpError(409, `This place is ${done.state}: it cannot be cancelled now.`);
      }
      // Told after the change committed; the outbox sends it (and any waitlist offer) outside the transaction.
      await enqueueEmails(app.db, [
        placeCancelledEmail({ email, firstName: place.firstName }, place.intake, done, app.env.PUBLIC_URL),
      ]);
      app.outbox.kick();
      return {
        status: "cancelled" as const,
        refundCents: done.refundCents,
        message:
          done.refundCents > 0
            ? `Your place is cancelled and freed. A refund of ${formatFjd(done.refundCents)} has been requested.`
            : "Your place is cancelled and freed.",
      };
    },
  );
};
