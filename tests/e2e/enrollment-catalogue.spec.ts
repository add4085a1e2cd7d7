// Walks the enrollment field catalogue in the browser: for each course, every field the catalogue lists is found on
// the form by its label and filled with a value of its own, and after submitting, staff find each value on the
// application's card in the dashboard under the catalogue's label. tests/api/enrollment-catalogue.test.ts walks
// the schema, API, CSV, sheet row and e-mails.
import type { Page } from "@playwright/test";
import { COURSE_TYPES } from "../../shared/constants";
import { cardLabel, displayValue } from "../../shared/enrollment-display";
import { type EnrollmentField, fieldsFor } from "../../shared/enrollment-fields";
import { EDUCATION_LABELS, type HighestEducation } from "../../shared/form-options";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { expect, open, test } from "./fixtures";
import { signInStaff } from "./staff-factors";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The control a person finds by the field's label (the label may end in the required mark). */
function control(page: Page, field: EnrollmentField) {
  return page
    .getByLabel(new RegExp(`^${escapeRegExp(field.label)}`))
    .and(page.locator("input, textarea, select"));
}

/** What the card shows for a value: hours with their unit, everything else as the catalogue displays it. */
function shownOnCard(field: EnrollmentField, value: unknown): string {
  const shown = displayValue(field, value);
  return typeof shown === "number" ? `${shown} hours` : String(shown);
}

for (const course of COURSE_TYPES) {
  test(`every catalogue field of the ${course} form reaches the staff dashboard card`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const tag = `cat${Date.now().toString(36)}${testInfo.workerIndex}${course}`;
    const values: Record<string, string | number | boolean> = {
      ...sampleEnrollment(course),
      firstName: "Catalogue",
      lastName: tag,
      email: `${tag}@example.fj`,
    };

    await open(page, `/enroll/${course}`);
    for (const field of fieldsFor(course)) {
      const value = values[field.name];
      const input = control(page, field);
      if (field.kind === "checkbox") await input.check();
      else if (field.kind === "education")
        await input.selectOption({ label: EDUCATION_LABELS[value as HighestEducation] });
      else await input.fill(String(value));
    }
    const response = page.waitForResponse(
      (res) => res.request().method() === "POST" && res.url().endsWith(`/api/enrollment/${course}`),
    );
    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    expect((await response).status()).toBe(201);
    await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();

    await signInStaff(page.request, baseURL ?? "");
    await open(page, "/admin/dashboard");
    await page.getByLabel("Search enrollments").fill(tag);
    const card = page.getByRole("article", { name: `Catalogue ${tag}` });
    await expect(card).toBeVisible();
    await card.getByText("More details").click();
    for (const field of fieldsFor(course).filter((candidate) => candidate.card !== "title")) {
      const entry = card
        .locator("dl > div")
        .filter({ has: page.getByText(cardLabel(field), { exact: true }) });
      await expect(entry, field.name).toContainText(shownOnCard(field, values[field.name]));
    }
  });
}
