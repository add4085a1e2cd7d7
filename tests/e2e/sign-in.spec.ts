// Subscribers' e-mail sign-in: /api/login hands over to /sign-in (no OIDC provider in the e2e server), which e-mails a
// 6-digit code and a link to /sign-in/confirm. Every test uses its own address, so parallel tests never share codes.
import {
  CODE_FORMAT_MESSAGE,
  CODE_INVALID_MESSAGE,
  CODE_SENT_MESSAGE,
  LINK_INVALID_MESSAGE,
} from "../../shared/portal";
import { expect, expectAxeClean, open, test, waitForHydration } from "./fixtures";
import { readSignInMail, uniqueEmail } from "./subscriber";

// Public POSTs are limited per client address; this file's tests count as one client of their own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.31" } });

/** Chromium logs a refused request (a wrong code, a spent link) as a console error. */
const REFUSED = /status of 401/;

function accountNav(page: import("@playwright/test").Page) {
  return page.getByRole("navigation", { name: "Portal account" });
}

test("Sign In on the portal leads to the e-mail form, and the e-mailed code signs in back to /portal", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "code");
  await open(page, "/portal");
  await accountNav(page).getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fportal$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the Document Portal" })).toBeVisible();

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByRole("status").filter({ hasText: CODE_SENT_MESSAGE })).toContainText(email);

  const codeInput = page.getByLabel("Sign-in code");
  await expect(codeInput).toBeFocused();
  await expect(codeInput).toHaveAttribute("inputmode", "numeric");
  await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");

  const { code } = await readSignInMail(email);
  await codeInput.fill(code);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  await expect(page).toHaveURL(/\/portal$/);
  await expect(accountNav(page)).toContainText(email);
  await expect(accountNav(page).getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");
  await expect(accountNav(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
});

test.describe("refusals", () => {
  test.use({ allowedConsoleErrors: [REFUSED] });

  test("a malformed or wrong code is refused inline and in a toast; a new code then signs in", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "wrong");
    // A returnTo to another site is ignored: the visitor lands on the portal.
    await open(page, "/sign-in?returnTo=%2F%2Fexample.com");
    await page.getByLabel("Email address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Email me a sign-in code" }).click();
    await expect(page.getByRole("status").filter({ hasText: CODE_SENT_MESSAGE })).toContainText(email);
    const first = await readSignInMail(email);

    // Checked in the page, before any request.
    await page.getByLabel("Sign-in code").fill("12a3");
    await expect(page.getByLabel("Sign-in code")).toHaveValue("123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: CODE_FORMAT_MESSAGE })).toBeVisible();

    const wrong = String((Number(first.code) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("Sign-in code").fill(wrong);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: CODE_INVALID_MESSAGE })).toBeVisible();
    await expect(page.getByText("Sign-in failed", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Sign-in code")).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByText("New code sent", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Sign-in code")).toHaveValue("");
    const second = await readSignInMail(email, 2);

    await page.getByLabel("Sign-in code").fill(second.code);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(accountNav(page)).toContainText(email);
  });

  test("the e-mailed link signs in only after Confirm sign-in, and only once", async ({
    page,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "link");
    const sent = await page.request.post("/api/login/email", {
      headers: { Origin: baseURL ?? "" },
      data: { email, returnTo: "/portal" },
    });
    expect(sent.status()).toBe(202);
    const { link } = await readSignInMail(email);

    await open(page, link);
    await expect(page.getByRole("heading", { level: 1, name: "Finish signing in" })).toBeVisible();
    await expect(page.getByText("Confirm to finish signing in to the Document Portal.")).toBeVisible();
    // Opening the link alone (as a mail scanner would) must not sign in.
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);

    await page.getByRole("button", { name: "Confirm sign-in" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(accountNav(page)).toContainText(email);

    await open(page, link);
    await page.getByRole("button", { name: "Confirm sign-in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: LINK_INVALID_MESSAGE })).toBeVisible();
    await page.getByRole("link", { name: "Request a new sign-in code" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByLabel("Email address")).toBeVisible();
  });
});

test("a confirm link without a usable token says so without asking the server", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await open(page, "/sign-in/confirm?token=short");
  await expect(page.getByRole("alert")).toHaveText(LINK_INVALID_MESSAGE);
  await expect(page.getByRole("button", { name: "Confirm sign-in" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request a new sign-in code" })).toHaveAttribute(
    "href",
    "/sign-in",
  );
  expect(posts).toEqual([]);
});

test("'Use a different e-mail' goes back to the address, kept for correction", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "change");
  await open(page, "/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByLabel("Sign-in code")).toBeVisible();
  await page.getByRole("button", { name: "Use a different e-mail" }).click();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByLabel("Email address")).toBeFocused();
});

test("an invalid address is refused in the page", async ({ page }) => {
  await open(page, "/sign-in");
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email must be a valid email address");
  await expect(page.getByText("Could not send the code", { exact: true })).toBeVisible();
});

test.describe("axe reports no violations", () => {
  test("/sign-in, at both steps and with an error", async ({ page }, testInfo) => {
    await open(page, "/sign-in");
    await expectAxeClean(page, "/sign-in");

    await page.getByLabel("Email address").fill(uniqueEmail(testInfo, "axe"));
    await page.getByRole("button", { name: "Email me a sign-in code" }).click();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: CODE_FORMAT_MESSAGE })).toBeVisible();
    await expectAxeClean(page, "/sign-in (code step)");
  });

  test("/sign-in/confirm, valid-looking and invalid", async ({ page }) => {
    await open(page, `/sign-in/confirm?token=${"a".repeat(43)}`);
    await expect(page.getByRole("button", { name: "Confirm sign-in" })).toBeVisible();
    await expectAxeClean(page, "/sign-in/confirm");

    await open(page, "/sign-in/confirm");
    await expect(page.getByRole("alert")).toHaveText(LINK_INVALID_MESSAGE);
    await expectAxeClean(page, "/sign-in/confirm (no token)");
  });
});
