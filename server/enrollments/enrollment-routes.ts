import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { COURSE_TYPES, COURSES, type CourseType, REPLY_WITHIN_HOURS } from "../../shared/constants";
import { ENROLLMENT_SCHEMAS, EnrollmentCreatedSchema } from "../../shared/enrollment";
import { enrollments } from "../db/schema";
import { enrollmentConfirmation, enrollmentStaffNotification, enrollmentSummary } from "../intake/emails";
import { publicForm } from "../intake/submissions";
import { enrollmentFieldValues } from "./fields";

function registerCourse(app: Parameters<FastifyPluginAsyncZod>[0], courseType: CourseType) {
  const url = `/api/enrollment/${courseType}`;
  const contract = { url, form: ENROLLMENT_SCHEMAS[courseType], created: EnrollmentCreatedSchema };
  publicForm(app, contract, async (tx, payload, spam) => {
    const values = enrollmentFieldValues(courseType, payload);
    const [row] = await tx
      .insert(enrollments)
      .values({ courseType, ...values, ...spam })
      .returning({ id: enrollments.id });
    const summary = enrollmentSummary(row?.id ?? 0, courseType, values);
    const staff = app.env.STAFF_EMAIL;
    const dashboard = `${app.env.PUBLIC_URL}/admin/dashboard`;
    const emails = spam.isSpam
      ? []
      : [
          ...(staff ? [enrollmentStaffNotification(summary, staff, dashboard)] : []),
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
  });
}

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const courseType of COURSE_TYPES) registerCourse(app, courseType);
};
