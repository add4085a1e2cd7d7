// An enrollment card says where its place stands beside the spec's Pending/Processed badge, and "Open place" takes
// staff to that place in the Intakes view (the address names it by ids only). Money on staff pages is written in
// full ("FJD 2,800.00"), on public pages without empty cents ("FJD 2,800").
import type { StaffPlace } from "../../shared/training";
import { expect, open, test } from "./fixtures";
import {
  createEnrollment,
  createIntake,
  enrollmentCard,
  openDashboard,
  searchEnrollments,
  signIn,
  uniqueTag,
} from "./staff-helpers";

test("the enrollment card shows its place's status and opens the place in its intake", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const location = `Rakiraki ${tag}`;
  const intakeId = await createIntake(request, origin, {
    courseType: "advanced",
    location,
    feeCents: 280_000,
  });
  const email = `seru.${tag}@example.com`;
  await createEnrollment(request, origin, "advanced", { firstName: "Seru", lastName: tag, email, intakeId });
  const [place] = (await (await request.get(`/api/admin/intakes/${intakeId}/places`)).json()) as StaffPlace[];
  if (!place) throw new Error("no place");

  // The public schedule writes the fee without empty cents.
  await open(page, "/schedule");
  const listed = page.getByRole("listitem").filter({ hasText: location });
  await expect(listed).toContainText(`${location} · FJD 2,800`);
  await expect(listed).not.toContainText("2,800.00");

  await signIn(page, origin);
  await openDashboard(page);
  await searchEnrollments(page, tag, 1);
  const card = enrollmentCard(page, `Seru ${tag}`);
  await expect(card.getByText("Pending", { exact: true })).toBeVisible();
  await expect(card.getByText("Place: Held", { exact: true })).toBeVisible();

  // Accepted: an offer with the fee due, written in full.
  const accepted = await request.post(`/api/admin/places/${place.id}/accept`, {
    headers: { Origin: origin },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.reload();
  await searchEnrollments(page, tag, 1);
  await expect(card.getByText("Place: Offered — due FJD 2,800.00", { exact: true })).toBeVisible();
  await expect(card.getByText("Pending", { exact: true })).toBeVisible();

  // Open place: the Intakes view, the intake's places open and the place marked; no one's name in the address.
  await card.getByRole("link", { name: `Open place of Seru ${tag}` }).click();
  await expect(page.getByRole("tab", { name: "Intakes" })).toHaveAttribute("aria-selected", "true");
  expect(new URL(page.url()).hash).toBe(`#place-${intakeId}-${place.id}`);
  const intake = page.getByRole("article", { name: `Advanced RPAS Pilot, ${location}` });
  await expect(intake).toContainText("Fee FJD 2,800.00");
  await expect(intake.getByRole("definition").filter({ hasText: /^FJD / })).toHaveText([
    "FJD 0.00",
    "FJD 2,800.00",
  ]);
  const marked = intake.getByRole("region", { name: /^Places in/ }).locator('tr[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(`Seru ${tag}`);
  await expect(marked).toBeInViewport();

  // Back to the enrollments: once confirmed and given a result, the card says so, still Pending until processed.
  const confirmed = await request.post(`/api/admin/places/${place.id}/confirm`, {
    headers: { Origin: origin },
    data: { reason: "Sponsored by the employer (browser test)" },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.getByRole("tab", { name: "Enrollments" }).click();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Intakes" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Enrollments" }).click();
  await searchEnrollments(page, tag, 1);
  await expect(card.getByText("Place: Confirmed", { exact: true })).toBeVisible();
  const result = await request.put(`/api/admin/places/${place.id}/result`, {
    headers: { Origin: origin },
    data: { result: "withdrew" },
  });
  expect(result.status(), await result.text()).toBe(200);
  await page.reload();
  await page.getByRole("tab", { name: "Enrollments" }).click();
  await searchEnrollments(page, tag, 1);
  await expect(card.getByText("Withdrew", { exact: true })).toBeVisible();
  await expect(card.getByText("Pending", { exact: true })).toBeVisible();
});
