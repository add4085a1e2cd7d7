import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { AntiSpamFields, looksLikeSpam, spamSignal } from "../../shared/anti-spam";
import { COURSE_TYPES, COURSES, type CourseType, REPLY_WITHIN_HOURS } from "../../shared/constants";
import { ENROLLMENT_SCHEMAS, EnrollmentCreatedSchema } from "../../shared/enrollment";
import { enrollments } from "../db/schema";
import { enrollmentConfirmation, enrollmentStaffNotification, enrollmentSummary } from "../intake/emails";
import { submitOnce } from "../intake/submissions";
import { publicWriteLimit } from "../plugins/public-write";
import { enrollmentFieldValues } from "./fields";

function registerCourse(app: Parameters<FastifyPluginAsyncZod>[0], courseType: CourseType) {
  const BodySchema = z.object({ ...ENROLLMENT_SCHEMAS[courseType].shape, ...AntiSpamFields });
  app.post(
    `/api/enrollment/${courseType}`,
    {
      schema: { body: BodySchema, response: { 201: EnrollmentCreatedSchema } },
      config: publicWriteLimit(app),
    },
    (request, reply) =>
      submitOnce(app, request, reply, async (tx) => {
        const {
          website,
          formElapsedMs,
          formStartedAt: _ignored,
          ...payload
        } = request.body as z.output<typeof BodySchema>;
        const isSpam = looksLikeSpam({ website, formElapsedMs });
        const spamReason = spamSignal({ website, formElapsedMs });
        const values = enrollmentFieldValues(courseType, payload);
        const [row] = await tx
          .insert(enrollments)
          .values({ courseType, ...values, isSpam, spamReason })
          .returning({ id: enrollments.id });
        const summary = enrollmentSummary(row?.id ?? 0, courseType, values);
        const staff = app.env.STAFF_EMAIL;
        const emails = isSpam
          ? []
          : [
              ...(staff
                ? [enrollmentStaffNotification(summary, staff, `${app.env.PUBLIC_URL}/admin/dashboard`)]
                : []),
              enrollmentConfirmation(summary),
            ];
        return {
          status: 201,
          body: {
            message: `Thank you for applying for the ${COURSES[courseType].title} course. We will contact you within ${REPLY_WITHIN_HOURS} hours.`,
            id: summary.id,
          },
          emails,
        };
      }),
  );
}

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const courseType of COURSE_TYPES) registerCourse(app, courseType);
};
