import type { CourseType } from "@shared/constants";

/**
 * The enrollment route for a course, chosen as the original training page did: by whether the title mentions
 * 'basic' or 'advanced', otherwise the instructor course. The original built /enroll-basic (a 404: no such page);
 * we link to the registered /enroll/... routes instead.
 */
export function enrollPathFor(courseTitle: string): `/enroll/${CourseType}` {
  const title = courseTitle.toLowerCase();
  if (title.includes("basic")) return "/enroll/basic";
  if (title.includes("advanced")) return "/enroll/advanced";
  return "/enroll/instructor";
}

/** The course an enrollment route is for. */
export function courseOf(path: `/enroll/${CourseType}`): CourseType {
  return path.slice("/enroll/".length) as CourseType;
}
