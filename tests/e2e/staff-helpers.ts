// What the staff screen tests share: the staff account of the e2e server, unique tags for a test's own rows, an
// enrollment made through the public API, signing in without the form, and finding a test's rows on the dashboard.
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, open } from "./fixtures";
import { signInStaff } from "./staff-factors";

export { STAFF, signInStaff, withStaffCode } from "./staff-factors";

/** The browser's own console line for a refused request: expected where a test meets a 401 or a 503 on purpose. */
export const STATUS_401 = /status of 401/;

/**
 * Lower-case letters and digits (e-mails are stored lower-cased), so the tag is a valid name part, an e-mail part and
 * a search term that matches only this test's rows.
 */
export function uniqueTag(testInfo: TestInfo): string {
  return `qa${Date.now().toString(36)}${testInfo.workerIndex}${Math.random().toString(36).slice(2, 7)}`;
}

export type Course = "basic" | "advanced" | "instructor";

/** POSTs a public form's answers as its page would: same-site, the honeypot empty, well past the anti-spam minimum. */
export function submitPublicForm(request: APIRequestContext, baseURL: string, path: string, answers: object) {
  return request.post(path, {
    headers: { Origin: baseURL },
    data: { ...answers, website: "", formStartedAt: Date.now() - 60_000 },
  });
}

/** Submits an enrollment through the public API, as the enrollment form would, well past the anti-spam minimum. */
export async function createEnrollment(
  request: APIRequestContext,
  baseURL: string,
  course: Course,
  fields: { firstName?: string; lastName: string; email: string; intakeId?: number },
): Promise<number> {
  const experienced =
    course === "basic"
      ? { hasDroneExperience: true, droneExperienceDetails: "Hobby flying on weekends." }
      : { dronesFlown: "DJI Mavic 3", totalFlyingHours: 62.5, totalPICHours: 40 };
  const response = await submitPublicForm(request, baseURL, `/api/enrollment/${course}`, {
    firstName: "Mere",
    phone: "+679 999 0000",
    highestEducation: "bachelor",
    additionalInfo: "Available on weekdays.",
    ...experienced,
    ...fields,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Signs the page's browser context in without the form (the form has a test of its own), two factors and all. */
export async function signIn(page: Page, baseURL: string): Promise<void> {
  await signInStaff(page.request, baseURL);
}

export async function openDashboard(page: Page): Promise<void> {
  await open(page, "/admin/dashboard");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

/** Narrows the enrollment list to one test's rows and waits until the tabs count them. */
export async function searchEnrollments(page: Page, tag: string, expectedTotal: number): Promise<void> {
  await page.getByLabel("Search enrollments").fill(tag);
  await expect(page.getByRole("tab", { name: `All (${expectedTotal})` })).toBeVisible();
}

export function enrollmentCard(page: Page, name: string) {
  return page.getByRole("article", { name });
}

/** A Fiji calendar date `days` from today (YYYY-MM-DD), for intakes that stay upcoming whenever the test runs. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Creates an intake through the staff API (signing the request's context in first) and answers its id. */
export async function createIntake(
  request: APIRequestContext,
  baseURL: string,
  intake: {
    courseType: Course;
    location: string;
    startDate?: string;
    endDate?: string;
    seats?: number;
    feeCents?: number;
    depositCents?: number;
  },
): Promise<number> {
  await signInStaff(request, baseURL);
  const response = await request.post("/api/admin/intakes", {
    headers: { Origin: baseURL },
    data: { startDate: daysFromToday(60), ...intake },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
