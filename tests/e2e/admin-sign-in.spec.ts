import { INVALID_CREDENTIALS, MISSING_CREDENTIALS } from "../../shared/admin";
import { expect, expectAxeClean, holdRequests, open, test } from "./fixtures";
import { openDashboard, STAFF, STATUS_401, signIn, uniqueTag, withStaffCode } from "./staff-helpers";

test.describe("sign-in", () => {
  test("an empty form is refused with the validation message, and /admin passes axe", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await open(page, "/admin");
    await page.getByLabel("Username").fill("   ");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText(MISSING_CREDENTIALS);
    await expect(page.getByText("Missing Information", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    await expectAxeClean(page, "/admin");
  });

  test("the reveal toggle switches the password field and its own name", async ({ page }) => {
    await open(page, "/admin");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("s3cret value");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("s3cret value");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  });

  test.describe("with a refused request", () => {
    test.use({ allowedConsoleErrors: [STATUS_401] });

    test("the dashboard without a session sends the visitor to /admin", async ({ page }) => {
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1, name: "Staff Sign In" })).toBeVisible();
    });

    test("a wrong password shows the inline message and the Login Failed toast", async ({
      page,
    }, testInfo) => {
      await open(page, "/admin");
      // Not 'staff': failed attempts are throttled per username, and other tests sign in as staff.
      await page.getByLabel("Username").fill(`nobody-${uniqueTag(testInfo)}`);
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toHaveText(INVALID_CREDENTIALS);
      await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
      await expect(
        page.getByText("Please check your credentials and try again.", { exact: true }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
    });
  });

  test("signing in shows the busy label, then the dashboard with the username (axe clean)", async ({
    page,
    request,
    baseURL,
  }) => {
    await withStaffCode(request, baseURL ?? "", async (code) => {
      await open(page, "/admin");
      // Hold the request so the busy state can be seen.
      const { sent, release } = await holdRequests(page, "**/api/admin/login");
      await page.getByLabel("Username").fill(`  ${STAFF.username} `);
      await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
      release();
      // The username is trimmed; the password goes exactly as typed.
      await expect.poll(() => sent).toEqual([{ username: STAFF.username, password: STAFF.password }]);
      // The staff account is an owner's, and owners use two factors: the code step comes next.
      await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
      await page.getByLabel("Authentication code").fill(code);
      await page.getByRole("button", { name: "Verify" }).click();

      await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
      await expect(page.getByText("Redirecting to admin dashboard...", { exact: true })).toBeVisible();
    });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("banner")).toContainText(STAFF.username);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Summary" });
    for (const card of ["Total Enrollments", "Processed", "Pending", "Active Courses"]) {
      await expect(summary.getByText(card, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("table", { name: /Enrollments per week/ })).toBeAttached();
    await expect(page.getByRole("tab", { name: /^All \(\d+\)$/ })).toBeVisible();

    await expectAxeClean(page, "the dashboard");
  });
});

test("the dashboard shows 'Verifying access...' while it checks the session", async ({ page, baseURL }) => {
  await signIn(page, baseURL ?? "");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/admin/auth", async (route) => {
    await held;
    await route.continue();
  });
  await open(page, "/admin/dashboard");
  await expect(page.getByRole("status")).toHaveText("Verifying access...");
  release();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByText("Verifying access...")).toHaveCount(0);
});

test.describe("sign-out", () => {
  test.use({ allowedConsoleErrors: [STATUS_401] });

  test("Log out returns to /admin and the dashboard then redirects there", async ({ page, baseURL }) => {
    await signIn(page, baseURL ?? "");
    await openDashboard(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff Sign In" })).toBeVisible();

    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff Sign In" })).toBeVisible();
  });
});
