// Staff text one applicant from the places list (issue 34 point 5): an SMS staff write, for an application that may
// be texted (consent, a confirmed number that did not ask to stop: queueApplicantText's rule). It is free text, so it
// goes by SMS even to someone who chose WhatsApp, ends with the stop line as every text does, and waits for 08:00 if
// written in Fiji's quiet hours. The activity log keeps what staff wrote, never the number.
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OneOffTextQueuedSchema, OneOffTextSchema } from "../../shared/contracts/texts";
import { NOT_TEXTABLE_TEXT, ONE_OFF_MAX_PARTS, ONE_OFF_TOO_LONG_MESSAGE } from "../../shared/one-off-text";
import { enrollments, seats } from "../db/schema";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction } from "../plugins/session";
import { queueApplicantText, stopLine, stopLink } from "../sms/applicant-texts";
import { sendTime } from "../sms/quiet-hours";
import { gsmReplace, segments } from "../sms/sms-text";
import { notTextableReason } from "../sms/staff-texts";
import { audit } from "../staff/audit";

export const ONE_OFF_KIND = "one-off";

export const placeTextRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/admin/places/:id/text",
    { schema: { params: idParam, body: OneOffTextSchema, response: { 200: OneOffTextQueuedSchema } } },
    async (request) => {
      const now = new Date();
      const message = gsmReplace(request.body.message.trim());
      const queued = await app.db.transaction(async (tx) => {
        const [place] = await tx
          .select({ enrollmentId: seats.enrollmentId, reason: notTextableReason })
          .from(seats)
          .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
          .where(eq(seats.id, request.params.id))
          .limit(1);
        if (!place) throw httpError(404, "Place not found.");
        if (place.reason)
          throw httpError(
            409,
            `This applicant cannot be texted: ${NOT_TEXTABLE_TEXT[place.reason].toLowerCase()}.`,
          );
        const sent = await queueApplicantText(
          tx,
          app.textContext,
          place.enrollmentId,
          async (to) => {
            const body = `${message}\n${stopLine(await stopLink(tx, app.textContext.publicUrl, to.to, now))}`;
            // The form's count keeps room for a stop link; a very long PUBLIC_URL could still pass it.
            if (segments(body).segments > ONE_OFF_MAX_PARTS) throw httpError(400, ONE_OFF_TOO_LONG_MESSAGE);
            return { kind: ONE_OFF_KIND, body, variables: {} };
          },
          now,
        );
        // Checked above; the gate also refuses spam, which the places list does not show.
        if (!sent) throw httpError(409, "This applicant cannot be texted.");
        await audit(tx, {
          ...staffAction(request),
          action: "text.one-off",
          subject: `enrollment ${place.enrollmentId}`,
          details: { message },
        });
        return true;
      });
      if (queued) app.textOutbox.kick();
      const decision = sendTime(now, { immediate: false });
      const sendsAt = "at" in decision ? decision.at : now;
      return { sendsAt, waitsForMorning: sendsAt.getTime() > now.getTime() };
    },
  );
};
