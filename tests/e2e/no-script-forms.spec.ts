// The public forms with JavaScript off (issue 30, points 4 and 6; docs/product.md, Forms without script): each is
// filled in by its labels and sent, once valid and once not. A valid post lands on the answer page, which says what
// the page's toast would have said, and staff see what was stored; an invalid one is the page again with what was
// typed and the error beside its field. Every answer page is checked by axe: a page with scripts off cannot run axe,
// so its HTML, as the browser received it, is opened again in a page of its own with axe and no other script. The Nu
// checker reads the same pages in tests/site/html-validity.test.ts.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { latestMailTo, signInCodeFrom } from "../helpers/outbox-mail";
import { expect, expectAxeClean, test } from "./fixtures";
import { signInStaff } from "./staff-factors";
import { uniqueTag } from "./staff-helpers";

test.use({
  javaScriptEnabled: false,
  // Chromium logs a page answered with 400 (the form again, with its errors) as a failed load.
  allowedConsoleErrors: [/the server responded with a status of 400/],
});

/** Axe on the page as shown: its HTML without the page's scripts, at the same address, in a page that runs axe. */
async function expectAxeCleanAsShown(browser: Browser, page: Page, what: string) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  const context = await browser.newContext({ javaScriptEnabled: true, baseURL: new URL(page.url()).origin });
  const copy = await context.newPage();
  await copy.route(page.url(), (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  );
  await copy.goto(page.url());
  await expectAxeClean(copy, what);
  await context.close();
}

async function staffGet(request: APIRequestContext, baseURL: string, path: string) {
  await signInStaff(request, baseURL);
  const answer = await request.get(path);
  expect(answer.status()).toBe(200);
  return answer.json();
}

/** The form posted, the answer page shown: its heading and the way on. */
async function expectAnswerPage(browser: Browser, page: Page, heading: string, lines: (string | RegExp)[]) {
  await expect(page).toHaveURL(/\/form-sent$/);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  for (const line of lines) await expect(page.locator("main")).toContainText(line);
  await expectAxeCleanAsShown(browser, page, `the answer page "${heading}"`);
}

test("the contact form sends without script, and says what to correct", async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await page.goto("/");
  const form = page.getByRole("form", { name: "Send Us a Message" });
  await form.getByLabel(/^First Name/).fill("Litia");
  await form.getByLabel(/^Last Name/).fill(tag);
  await form.getByLabel(/^Email/).fill("not an address");
  await form.getByLabel(/^Service Interest/).selectOption("Consultancy Services");
  await form.getByLabel(/^Message/).fill(`Mapping for our co-op, ${tag}.`);
  await form.getByRole("button", { name: "Send Message" }).click();

  // The page again: the message of the spec, what was typed, the error beside the address.
  await expect(page).toHaveURL(/\/$/);
  const again = page.getByRole("form", { name: "Send Us a Message" });
  await expect(again.getByRole("alert").first()).toContainText("Please check your message");
  await expect(again.getByLabel(/^Email/)).toHaveValue("not an address");
  await expect(again.getByLabel(/^Email/)).toHaveAccessibleDescription("Email must be a valid email address");
  await expect(again.getByLabel(/^Email/)).toBeFocused();
  await expect(again.getByLabel(/^Last Name/)).toHaveValue(tag);
  await expect(again.getByLabel(/^Service Interest/)).toHaveValue("Consultancy Services");
  await expect(again.getByLabel(/^Message/)).toHaveValue(`Mapping for our co-op, ${tag}.`);
  await expectAxeCleanAsShown(browser, page, "the contact form with its errors");

  await again.getByLabel(/^Email/).fill(`litia.${tag}@example.com`);
  await again.getByRole("button", { name: "Send Message" }).click();
  await expectAnswerPage(browser, page, "Success", [
    "Your message has been sent successfully! We'll get back to you soon.",
  ]);
  // A reload shows the same answer and posts nothing.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Success" })).toBeVisible();

  const stored = (await staffGet(request, baseURL ?? "", `/api/admin/messages?status=all&q=${tag}`)) as {
    items: { lastName: string; email: string; serviceInterest: string }[];
  };
  expect(stored.items).toEqual([
    expect.objectContaining({
      lastName: tag,
      email: `litia.${tag}@example.com`,
      serviceInterest: "Consultancy Services",
    }),
  ]);
});

test("the review form sends without script, the consent box with it, and says what is missing", async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await page.goto("/");
  const form = page.getByRole("form", { name: "Share Your Experience" });
  await form.getByLabel(/^Name/).fill(`Vika ${tag}`);
  await form.getByLabel(/Your Review/).fill(`Clear and patient instructors, ${tag}.`);
  await form.getByRole("checkbox", { name: "You may feature my review" }).check();
  // No rating chosen: the spec's words, and everything typed kept.
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page).toHaveURL(/\/$/);
  const again = page.getByRole("form", { name: "Share Your Experience" });
  await expect(again.getByRole("alert").first()).toContainText("Required fields missing");
  await expect(again.getByRole("alert").first()).toContainText(
    "Please fill in your name, review, and rating.",
  );
  await expect(again.getByLabel(/^Name/)).toHaveValue(`Vika ${tag}`);
  await expect(again.getByRole("checkbox", { name: "You may feature my review" })).toBeChecked();
  await expectAxeCleanAsShown(browser, page, "the review form with what is missing");

  await again
    .getByRole("group", { name: /Rating/ })
    .locator("label")
    .filter({ hasText: "5 stars" })
    .click();
  await again.getByRole("button", { name: "Submit Review" }).click();
  await expectAnswerPage(browser, page, "Thank you for your review!", [
    "It will appear for other visitors once approved.",
  ]);
  const stored = (await staffGet(request, baseURL ?? "", "/api/admin/reviews?status=pending&limit=100")) as {
    items: { name: string; rating: number; featureConsentAt: string | null }[];
  };
  const mine = stored.items.find((item) => item.name === `Vika ${tag}`);
  expect(mine).toMatchObject({ rating: 5 });
  expect(mine?.featureConsentAt).toBeTruthy();
});

for (const course of ["basic", "advanced", "instructor"] as const) {
  test(`the ${course} enrollment form sends without script`, async ({
    browser,
    page,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    await page.goto(`/enroll/${course}`);
    const form = page.getByRole("form", { name: "Application Form" });
    await form.getByLabel(/^First Name/).fill("Jone");
    await form.getByLabel(/^Last Name/).fill(tag);
    await form.getByLabel(/^Email Address/).fill(`jone.${tag}@example.com`);
    await form.getByLabel(/^Highest Education/).selectOption("bachelor");
    if (course !== "basic") {
      await form.getByLabel(/^Drones Flown/).fill("DJI Mavic 3");
      await form.getByLabel(/^Total Flying Hours/).fill("12.5");
      await form.getByLabel(/^Total PIC Hours/).fill("4");
    } else await form.getByLabel("I have previous drone flying experience").check();
    // The phone is left out: the spec's words, and the error beside it.
    await form.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(page).toHaveURL(new RegExp(`/enroll/${course}$`));
    const again = page.getByRole("form", { name: "Application Form" });
    await expect(again.getByRole("alert").first()).toContainText("Required fields missing");
    await expect(again.getByRole("alert").first()).toContainText(
      "Please fill in all required fields marked with *",
    );
    await expect(again.getByLabel(/^Phone Number/)).toHaveAccessibleDescription("Phone Number is required");
    await expect(again.getByLabel(/^Last Name/)).toHaveValue(tag);
    await expect(again.getByLabel(/^Highest Education/)).toHaveValue("bachelor");
    if (course !== "basic") await expect(again.getByLabel(/^Total Flying Hours/)).toHaveValue("12.5");
    else await expect(again.getByLabel("I have previous drone flying experience")).toBeChecked();
    await expectAxeCleanAsShown(browser, page, `the ${course} enrollment form with its errors`);

    await again.getByLabel(/^Phone Number/).fill("+679 999 1234");
    await again.getByRole("button", { name: "Submit Enrollment" }).click();
    await expectAnswerPage(browser, page, "Enrollment Submitted Successfully!", [
      /Thank you for applying for the .* course\. We will contact you within 24 hours\./,
      "We will be in touch about the next intake dates.",
    ]);

    const stored = (await staffGet(request, baseURL ?? "", `/api/enrollments?q=${tag}`)) as {
      courseType: string;
      lastName: string;
      phone: string;
      totalFlyingHours: number | null;
      hasDroneExperience: boolean | null;
    }[];
    expect(stored).toEqual([
      expect.objectContaining({
        courseType: course,
        lastName: tag,
        phone: "+679 999 1234",
        totalFlyingHours: course === "basic" ? null : 12.5,
        hasDroneExperience: course === "basic" ? true : null,
      }),
    ]);
  });
}

test("the e-mail sign-in works without script: a code asked for, then entered", async ({
  browser,
  page,
}, testInfo) => {
  const email = `sera.${uniqueTag(testInfo)}@example.com`;
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill("sera at example");
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel("Email address")).toHaveValue("sera at example");
  await expect(page.getByLabel("Email address")).toHaveAccessibleDescription(
    /Email must be a valid email address/,
  );
  await expectAxeCleanAsShown(browser, page, "the sign-in page with its error");

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expectAnswerPage(browser, page, "Enter your sign-in code", [
    "Check your inbox: we sent you a sign-in link and a 6-digit code.",
    email,
  ]);
  let mail: string | null = null;
  await expect
    .poll(() => {
      mail = latestMailTo(process.env.E2E_DATA_DIR ?? "", email);
      return mail !== null;
    })
    .toBe(true);
  const { code } = signInCodeFrom(mail ?? "");

  await page.getByLabel("Sign-in code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByLabel("Sign-in code")).toHaveValue("");
  await expect(page.getByLabel("Sign-in code")).toHaveAccessibleDescription(
    /That code is not valid or has expired\. Request a new one and try again\./,
  );
  await expectAxeCleanAsShown(browser, page, "the code form with its error");

  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectAnswerPage(browser, page, "Signed in", [`You are signed in as ${email}.`]);
  await expect(page.locator("body")).not.toContainText(code);
  const me = await page.request.get("/api/auth/user");
  expect(((await me.json()) as { email: string }).email).toBe(email);
});
