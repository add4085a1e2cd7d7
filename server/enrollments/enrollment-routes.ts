import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { AntiSpamFields, looksLikeSpam, spamSignal } from "../../shared/anti-spam";
import { COURSE_TYPES, COURSES, type CourseType, REPLY_WITHIN_HOURS } from "../../shared/constants";
import { EDUCATION_LABELS, ENROLLMENT_SCHEMAS } from "../../shared/enrollment";
import { enrollments } from "../db/schema";
import { enrollmentConfirmation, enrollmentStaffNotification } from "../intake/emails";
import { submitOnce } from "../intake/submissions";
import { publicWriteLimit } from "../plugins/public-write";

type AnyEnrollment = z.output<(typeof ENROLLMENT_SCHEMAS)[CourseType]> & {
  hasDroneExperience?: boolean;
  droneExperienceDetails?: string;
  dronesFlown?: string;
  totalFlyingHours?: number;
  totalPICHours?: number;
  teachingExperience?: string;
};

function registerCourse(app: Parameters<FastifyPluginAsyncZod>[0], courseType: CourseType) {
  const BodySchema = z.object({ ...ENROLLMENT_SCHEMAS[courseType].shape, ...AntiSpamFields });
  app.post(
    `/api/enrollment/${courseType}`,
    { schema: { body: BodySchema }, config: publicWriteLimit(app) },
    (request, reply) =>
      submitOnce(app, request, reply, async (tx) => {
        const {
          website,
          formElapsedMs,
          formStartedAt: _ignored,
          ...payload
        } = request.body as z.output<typeof BodySchema>;
        const data = payload as AnyEnrollment;
        const isSpam = looksLikeSpam({ website, formElapsedMs });
        const spamReason = spamSignal({ website, formElapsedMs });
        const [row] = await tx
          .insert(enrollments)
          .values({
            courseType,
            firstName: data.firstName,
            lastName: data.lastName,
            email: data.email,
            phone: data.phone,
            address: data.address ?? null,
            dateOfBirth: data.dateOfBirth ?? null,
            highestEducation: data.highestEducation,
            educationDetails: data.educationDetails ?? null,
            hasDroneExperience: courseType === "basic" ? (data.hasDroneExperience ?? false) : null,
            droneExperienceDetails: data.droneExperienceDetails ?? null,
            dronesFlown: data.dronesFlown ?? null,
            totalFlyingHours: data.totalFlyingHours ?? null,
            totalPICHours: data.totalPICHours ?? null,
            aviationQualifications: data.aviationQualifications ?? null,
            teachingExperience: data.teachingExperience ?? null,
            additionalInfo: data.additionalInfo ?? null,
            isSpam,
            spamReason,
          })
          .returning({ id: enrollments.id });
        const id = row?.id ?? 0;
        const summary = {
          id,
          courseType,
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
          phone: data.phone,
          fields: [
            ["Date of birth", data.dateOfBirth],
            ["Address", data.address],
            ["Highest education", EDUCATION_LABELS[data.highestEducation]],
            ["Education details", data.educationDetails],
            [
              "Drone experience",
              data.hasDroneExperience === undefined ? undefined : data.hasDroneExperience ? "Yes" : "No",
            ],
            ["Drone experience details", data.droneExperienceDetails],
            ["Drones flown", data.dronesFlown],
            ["Total flying hours", data.totalFlyingHours],
            ["Total PIC hours", data.totalPICHours],
            ["Aviation qualifications", data.aviationQualifications],
            ["Teaching experience", data.teachingExperience],
            ["Additional information", data.additionalInfo],
          ] as [string, unknown][],
        };
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
            id,
          },
          emails,
        };
      }),
  );
}

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const courseType of COURSE_TYPES) registerCourse(app, courseType);
};
