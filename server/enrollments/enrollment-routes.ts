import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { COURSE_TYPES, COURSES, type CourseType, REPLY_WITHIN_HOURS } from "../../shared/constants";
import { ENROLLMENT_REQUEST_SCHEMAS, EnrollmentCreatedSchema } from "../../shared/enrollment";
import { enrollments } from "../db/schema";
import { enrollmentConfirmation, enrollmentStaffNotification, enrollmentSummary } from "../intake/emails";
import { type PublicFormContract, publicForm } from "../intake/submissions";
import { staffEmailAddress } from "../settings/staff-notifications";
import { channelFor, numberForTexts, startApplicationTexts } from "../sms/application-consent";
import { confirmLink } from "../training/applicant-token";
import { chosenIntake, placeApplication } from "../training/applications";
import { enrollmentFieldValues } from "./fields";

/** POST /api/enrollment/{course}; the same contract takes the form posted without script (platform/native-posts.ts). */
export function enrollmentContract(
  app: FastifyInstance,
  courseType: CourseType,
): PublicFormContract<(typeof ENROLLMENT_REQUEST_SCHEMAS)[CourseType]> {
  const url = `/api/enrollment/${courseType}`;
  const form = ENROLLMENT_REQUEST_SCHEMAS[courseType];
  return {
    url,
    form,
    created: EnrollmentCreatedSchema,
    // "Text me" asks for a number we may text: anything else is refused at the phone field, before anything is kept.
    refuse: ({ textMe, phone }) => {
      if (textMe !== true) return null;
      const { problem } = numberForTexts(phone, app.env.SMS_ALLOWED_COUNTRIES);
      return problem ? { field: "phone", message: problem } : null;
    },
    write: async (tx, { intakeId: asked, textMe, textChannel, ...payload }, spam, request) => {
      const values = enrollmentFieldValues(courseType, payload);
      const intakeId = await chosenIntake(tx, courseType, asked);
      // The number stays as typed (staff and the CSV show it); its E.164 form is what texts would go to.
      const { e164 } = numberForTexts(values.phone, app.env.SMS_ALLOWED_COUNTRIES);
      const texts = textMe === true && !spam.isSpam && e164 !== null;
      const channel = channelFor(app.textContext, textChannel);
      const [row] = await tx
        .insert(enrollments)
        .values({
          courseType,
          ...values,
          ...spam,
          intakeId,
          phoneE164: e164,
          ...(texts ? { textsWanted: true, textChannel: channel } : {}),
        })
        .returning({ id: enrollments.id });
      const enrollmentId = row?.id ?? 0;
      const staff = spam.isSpam ? null : await staffEmailAddress(tx, app.env);
      const dashboard = `${app.env.PUBLIC_URL}/admin/dashboard`;
      // A submission kept as likely spam holds nothing: staff's "Not spam" takes its place then (intake/spam.ts).
      const placed = spam.isSpam
        ? null
        : await placeApplication(
            tx,
            { enrollmentId, email: values.email, intakeId },
            { ip: request.ip, staff: { staffEmail: staff, dashboardUrl: dashboard } },
          );
      const started =
        texts && e164
          ? await startApplicationTexts(tx, app.textContext, app.textCodeKey, {
              enrollmentId,
              channel,
              to: e164,
              ip: request.ip,
            })
          : {};
      const summary = enrollmentSummary(enrollmentId, courseType, values);
      const emails = spam.isSpam
        ? []
        : [
            ...(staff ? [enrollmentStaffNotification(summary, staff, dashboard, placed)] : []),
            enrollmentConfirmation(
              summary,
              placed,
              confirmLink({ publicUrl: app.env.PUBLIC_URL, key: app.confirmLinkKey }, enrollmentId),
            ),
          ];
      return {
        status: 201,
        body: {
          message: `Thank you for applying for the ${COURSES[courseType].title} course. We will contact you within ${REPLY_WITHIN_HOURS} hours.`,
          id: summary.id,
          ...(placed
            ? {
                place: {
                  outcome: placed.outcome,
                  position: placed.position,
                  ...(placed.limit ? { limit: placed.limit } : {}),
                },
              }
            : {}),
          ...started,
        },
        emails,
      };
    },
  };
}

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const courseType of COURSE_TYPES) publicForm(app, enrollmentContract(app, courseType));
};
