// Joining instructions in the browser: staff give a new intake its hours, venue and map link (what to bring starts as
// the course's default from Settings), the form refuses an end before the start and a link that is not https, the
// intake's card shows them in brief; an applicant in the intake reads them at /my-training.
import type { Settings } from "../../shared/settings";
import { axeViolations, expect, open, test, waitForHydration } from "./fixtures";
import { createEnrollment, daysFromToday, openDashboard, signIn, uniqueTag } from "./staff-helpers";
import { readSignInMail } from "./subscriber";

// Public POSTs are limited per client address; this file's tests count as one client of their own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.62" } });

const MAP = "https://maps.app.goo.gl/Savusavu7Hq";

test("staff set an intake's hours and venue, and the applicant sees them with what to bring at /my-training", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const location = `Savusavu ${tag}`;
  const email = `${tag}@example.com`;
  await signIn(page, origin);
  const settings = (await (await page.request.get("/api/admin/settings")).json()) as Settings;
  await openDashboard(page);
  // Settings hold each course's list (read here, not saved: other tests share the server's settings).
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByRole("textbox", { name: "Advanced RPAS Pilot: what to bring" })).toHaveValue(
    settings.whatToBring.advanced,
  );
  await page.getByRole("tab", { name: "Intakes" }).click();

  await page.getByRole("button", { name: "New intake" }).click();
  const create = page.getByRole("dialog", { name: "New intake" });
  await create.getByLabel("Course").selectOption({ label: "Basic RPAS Pilot" });
  // What to bring starts as the course's default from Settings; the hours as the usual day.
  await expect(create.getByLabel(/^What to bring/)).toHaveValue(settings.whatToBring.basic);
  await expect(create.getByLabel("Start time")).toHaveValue("08:30");
  await expect(create.getByLabel("End time")).toHaveValue("16:30");
  await create.getByLabel("Start date").fill(daysFromToday(45));
  await create.getByLabel("Location").fill(location);
  await create.getByLabel("Start time").fill("09:00");
  await create.getByLabel("End time").fill("08:00");
  await create.getByLabel(/^Venue address/).fill("Copra Shed Marina\nMain Street\nSavusavu");
  await create.getByLabel(/^Map link/).fill("http://maps.example.com/savusavu");
  await create.getByRole("button", { name: "Create intake" }).click();
  await expect(create.getByLabel("End time")).toHaveAccessibleDescription(
    /The end time must be after the start time\./,
  );
  await expect(create.getByLabel(/^Map link/)).toHaveAccessibleDescription(
    /Map link must be a web address starting with https:\/\//,
  );
  await create.getByLabel("End time").fill("15:30");
  await create.getByLabel(/^Map link/).fill(MAP);
  await create.getByLabel(/^What to bring/).fill("Photo ID\nYour medical fitness declaration\nA sun hat");
  await create.getByRole("button", { name: "Create intake" }).click();
  await expect(page.getByText("Intake created", { exact: true })).toBeVisible();
  await expect(create).toBeHidden();

  const card = page.getByRole("article", { name: `Basic RPAS Pilot, ${location}` });
  await expect(card).toContainText("9:00 am to 3:30 pm daily");
  await expect(card).toContainText("Venue: Copra Shed Marina, Main Street, Savusavu");
  await expect(card).toContainText("3 things to bring");
  await expect(card.getByRole("link", { name: /^Map of the venue/ })).toHaveAttribute("href", MAP);
  const staffViolations = await axeViolations(page);
  expect(staffViolations, `axe on the intakes view:\n${staffViolations.join("\n")}`).toEqual([]);

  // The edit dialog shows them as saved.
  await card.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit intake" });
  await expect(edit.getByLabel("Start time")).toHaveValue("09:00");
  await expect(edit.getByLabel(/^Venue address/)).toHaveValue("Copra Shed Marina\nMain Street\nSavusavu");
  await edit.getByRole("button", { name: "Close" }).first().click();

  // An applicant takes a place in it and reads the joining instructions at /my-training.
  const listed = (await (await page.request.get("/api/admin/intakes?course=basic")).json()) as {
    id: number;
    location: string;
  }[];
  const intakeId = listed.find((row) => row.location === location)?.id;
  expect(intakeId).toBeDefined();
  await createEnrollment(request, origin, "basic", { firstName: "Litia", lastName: tag, email, intakeId });
  await page.context().clearCookies();
  await open(page, "/my-training");
  await waitForHydration(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  const { code } = await readSignInMail(email, 2);
  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  const application = page.getByRole("article", { name: "Basic RPAS Pilot course" });
  await expect(application).toContainText(location);
  await expect(application).toContainText("Hours:9:00 am to 3:30 pm each day (Fiji time)");
  await expect(application).toContainText("Copra Shed Marina");
  await expect(application.getByRole("link", { name: "Open the venue on a map" })).toHaveAttribute(
    "href",
    MAP,
  );
  const bring = application.getByRole("list");
  await expect(bring.getByRole("listitem")).toHaveText([
    "Photo ID",
    "Your medical fitness declaration",
    "A sun hat",
  ]);
  const violations = await axeViolations(page);
  expect(violations, `axe on /my-training:\n${violations.join("\n")}`).toEqual([]);
});
