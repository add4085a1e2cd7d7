// The three course types, in a module of their own: the route table (read by every page's app shell) needs only
// this list, and importing the whole constants module there made it a script file of its own on the landing page.
// shared/constants.ts re-exports it with the rest of the business constants.
export type CourseType = "basic" | "advanced" | "instructor";
export const COURSE_TYPES = ["basic", "advanced", "instructor"] as const satisfies readonly CourseType[];
