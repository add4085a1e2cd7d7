// Page copy for the three enrollment screens. Prices, durations, certificates and requirements come from
// shared/constants; only the words around them live here.
import { COURSE_TYPES, type CourseType, isCourseType } from "@shared/constants";
import { withServedText } from "@shared/content/served-content";

export const ENROLL_COPY: Record<CourseType, { heading: string; intro: string }> = {
  basic: {
    heading: "Basic RPAS Pilot Course Enrollment",
    intro:
      "Start your journey as a certified drone pilot. This course covers air law, meteorology, flight planning and hands-on flying, and no prior experience is needed.",
  },
  advanced: {
    heading: "Advanced RPAS Pilot Course Enrollment",
    intro:
      "Take your flying further with complex operations, advanced mission planning, night and beyond-visual-line-of-sight procedures, and professional survey work.",
  },
  instructor: {
    heading: "RPAS Instructor Training Enrollment",
    intro:
      "Become a CAAF certified RPAS instructor: learn to teach theory, assess students in flight and run safe, well-structured training programmes.",
  },
};

for (const type of COURSE_TYPES) withServedText(`courses.${type}`, ENROLL_COPY[type], "enrollment");

export { isCourseType };
