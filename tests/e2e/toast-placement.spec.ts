// Toasts never cover a control a person needs (issue 33): on a phone they show at the foot of the screen, clear of
// the header's links and buttons, which stay clickable while a toast shows; the sign-in toast goes at the first
// action on the dashboard.
import type { Locator, Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";
import { STAFF, withStaffCode } from "./staff-helpers";

test.use({ viewport: { width: 375, height: 812 } });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The open toast: an item of the toast list (Radix draws each toast as an <li> in the viewport's list). */
const toastItem = (page: Page, title: string) => page.getByRole("listitem").filter({ hasText: title });

/** No visible link or button of the page's header shares a pixel with the toast. */
async function expectHeaderClear(page: Page, toast: Locator): Promise<void> {
  const toastBox = await toast.boundingBox();
  expect(toastBox, "the toast is on screen").not.toBeNull();
  const controls = page.getByRole("banner").locator("a:visible, button:visible");
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const control = controls.nth(index);
    const box = await control.boundingBox();
    if (!box || !toastBox) continue;
    const name = (await control.textContent())?.trim();
    expect(overlaps(box, toastBox), `the toast covers the header's "${name}"`).toBe(false);
  }
}

test("the portal's welcome toast leaves the header's controls free on a phone", async ({ page }) => {
  // Where "Sign In" leads (single sign-on, not configured on this server) is not this test's business.
  await page.route("**/api/login", (route) =>
    route.fulfill({ contentType: "text/html", body: "<p>sign-in</p>" }),
  );
  await open(page, "/portal");
  const toast = toastItem(page, "Welcome to the Document Portal");
  await expect(toast).toBeVisible();
  await expectHeaderClear(page, toast);
  // At the foot of the screen.
  const box = await toast.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(812 - 40);

  // Clickable while the toast shows: no force, and the toast is still there when the click lands.
  const signIn = page
    .getByRole("navigation", { name: "Portal account" })
    .getByRole("link", { name: "Sign In" });
  await expect(toast).toBeVisible();
  await signIn.click({ timeout: 2000 });
  await expect(page).toHaveURL(/\/api\/login$/);
});

test("the sign-in toast leaves the dashboard's header free and goes at the first action", async ({
  page,
  request,
  baseURL,
}) => {
  await withStaffCode(request, baseURL ?? "", async (code) => {
    await open(page, "/admin");
    await page.getByLabel("Username").fill(STAFF.username);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });
  const toast = toastItem(page, "Login Successful");
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Redirecting to admin dashboard...");
  await expectHeaderClear(page, toast);

  // A control of the dashboard takes the click while the toast shows, and the toast goes with that first action.
  await page.getByRole("tab", { name: "Intakes", exact: true }).click({ timeout: 2000 });
  await expect(page.getByRole("tab", { name: "Intakes", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(toast).toBeHidden({ timeout: 2000 });
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
});
