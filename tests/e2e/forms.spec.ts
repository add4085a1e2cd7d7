// The public forms as a visitor uses them: the contact and review forms on the landing page and the three
// enrollment forms. The e2e server limits public POSTs per IP, so only three tests actually submit.
import type { Locator, Page } from "@playwright/test";
import { expect, expectAxeClean, jumpTo, open, test } from "./fixtures";

/** Presses Tab until `target` has the focus (skipping optional fields on the way), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxTabs = 10): Promise<void> {
  for (let tabs = 0; tabs < maxTabs; tabs += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Records every POST the page sends to `path`. */
function postsTo(page: Page, path: string): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request.url());
  });
  return posts;
}

/** The landing page, scrolled to the section of one of its forms. */
const openSection =
  (section: string) =>
  async ({ page }: { page: Page }) => {
    await open(page, "/");
    await jumpTo(page, section);
  };

/** Submits a landing-page form left empty: each message shows and nothing is posted to `path`. */
async function expectEmptyRefused(
  page: Page,
  section: string,
  button: string,
  path: string,
  messages: string[],
) {
  const posts = postsTo(page, path);
  await page.locator(`section#${section}`).getByRole("button", { name: button }).click();
  for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
  expect(posts).toEqual([]);
}

test.describe("contact form", () => {
  test.beforeEach(openSection("contact"));

  test("an empty message is refused", ({ page }) =>
    expectEmptyRefused(page, "contact", "Send Message", "/api/contacts", [
      "Please fill in all required fields.",
    ]));

  test("a complete message is sent with an Idempotency-Key, confirmed and the form resets", async ({
    page,
  }) => {
    const section = page.locator("section#contact");
    await section.getByLabel(/^First Name/).fill("Litia");
    await section.getByLabel(/^Last Name/).fill("Naivalu");
    await section.getByLabel(/^Email/).fill("litia.naivalu@example.com");
    await section.getByLabel(/^Organization/).fill("Ministry of Agriculture");
    await section.getByLabel(/^Service Interest/).selectOption("Training Programs");
    await section.getByLabel(/^Message/).fill("We would like to train four extension officers next quarter.");

    const request = page.waitForRequest(
      (req) => req.method() === "POST" && req.url().endsWith("/api/contacts"),
    );
    await section.getByRole("button", { name: "Send Message" }).click();
    const sent = await request;
    expect(sent.headers()["idempotency-key"]).toMatch(/^[\w.:-]{8,200}$/);
    expect(sent.postDataJSON()).toMatchObject({
      firstName: "Litia",
      serviceInterest: "Training Programs",
      website: "",
      formElapsedMs: expect.any(Number),
    });

    await expect(page.getByText("Success", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Your message has been sent successfully! We'll get back to you soon.", { exact: true }),
    ).toBeVisible();
    await expect(section.getByLabel(/^First Name/)).toHaveValue("");
    await expect(section.getByLabel(/^Message/)).toHaveValue("");
    await expect(section.getByLabel(/^Service Interest/)).toHaveValue("");
    await expect(section.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

test.describe("review form", () => {
  test.beforeEach(openSection("client-reviews"));

  test("an empty review is refused", ({ page }) =>
    expectEmptyRefused(page, "client-reviews", "Submit Review", "/api/reviews", [
      "Required fields missing",
      "Please fill in your name, review, and rating.",
    ]));

  test("a valid review appears first with NEW and is sent to the server", async ({ page }) => {
    const section = page.locator("section#client-reviews");
    await section.getByLabel(/^Name/).fill("Sakiusa Tuisawau");
    await section.getByLabel(/^Position/).fill("Survey Technician");
    await section.getByRole("radio", { name: "5 stars" }).focus();
    await page.keyboard.press("Space");
    await section.getByLabel(/Your Review/).fill("Patient instructors and plenty of flying time.");

    const response = page.waitForResponse(
      (res) => res.request().method() === "POST" && res.url().endsWith("/api/reviews"),
    );
    await section.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Thank you for your review!", { exact: true })).toBeVisible();
    await expect(section.locator("blockquote").first()).toContainText("Patient instructors");
    await expect(section.getByText("NEW", { exact: true })).toBeVisible();
    await expect(section.getByLabel(/^Name/)).toHaveValue("");

    const answered = await response;
    expect(answered.status()).toBe(201);
    expect(answered.request().postDataJSON()).toMatchObject({
      name: "Sakiusa Tuisawau",
      position: "Survey Technician",
      rating: 5,
      text: "Patient instructors and plenty of flying time.",
    });
  });
});

test.describe("enrollment forms", () => {
  test("an empty basic enrollment is refused, the fields are marked and axe stays clean", async ({
    page,
  }) => {
    await open(page, "/enroll/basic");
    const posts = postsTo(page, "/api/enrollment/basic");
    await page.getByRole("button", { name: "Submit Enrollment" }).click();

    await expect(page.getByText("Required fields missing", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Please fill in all required fields marked with *", { exact: true }),
    ).toBeVisible();
    for (const [label, message] of [
      [/^First Name/, "First Name is required"],
      [/^Last Name/, "Last Name is required"],
      [/^Email Address/, "Email Address is required"],
      [/^Phone Number/, "Phone Number is required"],
      [/^Highest Education/, "Highest Education is required"],
    ] as const) {
      const control = page.getByLabel(label);
      await expect(control).toHaveAttribute("aria-invalid", "true");
      await expect(control).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel(/^Address/)).not.toHaveAttribute("aria-invalid", "true");
    // The first invalid field takes the focus so a keyboard user lands where the work is.
    await expect(page.getByLabel(/^First Name/)).toBeFocused();
    expect(posts).toEqual([]);

    await expectAxeClean(page, "the page with the errors showing");
  });

  test("the drone experience details show only while the box is ticked", async ({ page }) => {
    await open(page, "/enroll/basic");
    const experience = page.getByRole("checkbox", { name: "I have previous drone flying experience" });
    const details = page.getByLabel(/^Drone Experience Details/);
    await expect(experience).not.toBeChecked();
    await expect(details).toHaveCount(0);
    await experience.check();
    await expect(details).toBeVisible();
    await experience.uncheck();
    await expect(details).toHaveCount(0);
  });

  test("a basic enrollment filled in by keyboard alone is submitted and the form resets", async ({
    page,
  }) => {
    await open(page, "/enroll/basic");
    const firstName = page.getByLabel(/^First Name/);
    await firstName.focus();
    await page.keyboard.type("Viliame");
    await tabTo(page, page.getByLabel(/^Last Name/));
    await page.keyboard.type("Qarase");
    await tabTo(page, page.getByLabel(/^Email Address/));
    await page.keyboard.type("viliame.qarase@example.com");
    await tabTo(page, page.getByLabel(/^Phone Number/));
    await page.keyboard.type("+679 999 1234");

    const education = page.getByLabel(/^Highest Education/);
    await tabTo(page, education);
    await page.keyboard.press("ArrowDown");
    await expect(education).toHaveValue("high-school");

    const experience = page.getByRole("checkbox", { name: "I have previous drone flying experience" });
    await tabTo(page, experience);
    await page.keyboard.press("Space");
    await expect(experience).toBeChecked();
    const details = page.getByLabel(/^Drone Experience Details/);
    await tabTo(page, details);
    await page.keyboard.type("Two years of hobby flying with a DJI Mini 3.");

    const submit = page.getByRole("button", { name: "Submit Enrollment" });
    await tabTo(page, submit);
    const response = page.waitForResponse(
      (res) => res.request().method() === "POST" && res.url().endsWith("/api/enrollment/basic"),
    );
    await page.keyboard.press("Enter");
    const answered = await response;
    expect(answered.status()).toBe(201);
    expect(answered.request().headers()["idempotency-key"]).toMatch(/^[\w.:-]{8,200}$/);
    expect(answered.request().postDataJSON()).toMatchObject({
      firstName: "Viliame",
      highestEducation: "high-school",
      hasDroneExperience: true,
      droneExperienceDetails: "Two years of hobby flying with a DJI Mini 3.",
    });

    await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText(/We will contact you within 24 hours/),
    ).toBeVisible();
    await expect(firstName).toHaveValue("");
    await expect(education).toHaveValue("");
    await expect(experience).not.toBeChecked();
    await expect(details).toHaveCount(0);
  });

  test("an advanced enrollment with negative hours is refused", async ({ page }) => {
    await open(page, "/enroll/advanced");
    const posts = postsTo(page, "/api/enrollment/advanced");
    await page.getByLabel(/^First Name/).fill("Ana");
    await page.getByLabel(/^Last Name/).fill("Rokotuiwai");
    await page.getByLabel(/^Email Address/).fill("ana.rokotuiwai@example.com");
    await page.getByLabel(/^Phone Number/).fill("+679 888 4321");
    await page.getByLabel(/^Highest Education/).selectOption("bachelor");
    await page.getByLabel(/^Drones Flown/).fill("DJI Matrice 300, Phantom 4 RTK");
    const flying = page.getByLabel(/^Total Flying Hours/);
    await expect(flying).toHaveAttribute("type", "number");
    await expect(flying).toHaveAttribute("min", "0");
    await expect(flying).toHaveAttribute("step", "0.1");
    await flying.fill("-5");
    await page.getByLabel(/^Total PIC Hours/).fill("40.5");
    await page.getByRole("button", { name: "Submit Enrollment" }).click();

    await expect(page.getByText("Please check your details", { exact: true })).toBeVisible();
    await expect(flying).toHaveAttribute("aria-invalid", "true");
    await expect(flying).toHaveAccessibleDescription(/Total flying hours must be a number of hours from 0/);
    await expect(page.getByLabel(/^Total PIC Hours/)).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
  });

  test("the instructor form adds teaching experience; the basic form has no hours", async ({ page }) => {
    await open(page, "/enroll/instructor");
    await expect(page.getByLabel(/^Teaching Experience/)).toBeVisible();
    await expect(page.getByLabel(/^Total PIC Hours/)).toHaveAttribute("required", "");
    await expect(page.getByRole("heading", { name: "Course Summary" })).toBeVisible();
    await open(page, "/enroll/basic");
    await expect(page.getByLabel(/^Total Flying Hours/)).toHaveCount(0);
    await expect(page.getByLabel(/^Date of Birth/)).toHaveAttribute("type", "date");
    await expect(page.getByLabel(/^Phone Number/)).toHaveAttribute("type", "tel");
  });
});
