// The dashboard's Subscribers view as staff use it after a bank transfer: grant Document Portal access until a
// date, find the subscriber, revoke access through the confirmation dialog, and see both in the activity log.
// Every test uses its own e-mail address and finds it through the search box, so parallel tests never collide.
import type { Page } from "@playwright/test";
import { axeViolations, expect, holdRequests, open, test } from "./fixtures";
import { STAFF, signIn } from "./staff-helpers";
import { uniqueEmail } from "./subscriber";

async function openSubscribers(page: Page): Promise<void> {
  await open(page, "/admin/dashboard");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await page.getByRole("tab", { name: "Subscribers" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Subscribers" })).toBeVisible();
}

/**
 * Types into the search box and waits for its answer: until then the list shows the previous rows, dimmed and
 * marked busy, and with one subscriber in the database those rows look the same as the answer.
 */
async function searchSubscribers(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/admin/subscribers" &&
      new URL(response.url()).searchParams.get("q") === text,
  );
  await page.getByLabel("Search subscribers").fill(text);
  await answered;
}

/** Today in Fiji as YYYY-MM-DD: the server counts the days of access there. */
function fijiToday(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Pacific/Fiji",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

test("staff grant access by hand, revoke it through the dialog, and the activity log shows both", async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "transfer");
  const nextYear = Number(fijiToday().slice(0, 4)) + 1;

  await signIn(page, baseURL ?? "");
  await openSubscribers(page);

  // A month of access is what a bank transfer pays for, so that is the date offered.
  const until = page.getByLabel("Access until");
  const offered = await until.inputValue();
  expect(offered).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(daysBetween(fijiToday(), offered)).toBeGreaterThanOrEqual(28);
  expect(daysBetween(fijiToday(), offered)).toBeLessThanOrEqual(31);

  // Hold the request so the busy state can be seen.
  const { sent, release } = await holdRequests(page, "**/api/admin/subscriptions/grant");
  await page.getByLabel("Subscriber email").fill(`  ${email.toUpperCase()} `);
  await until.fill(`${nextYear}-06-30`);
  await page.getByRole("button", { name: "Grant access" }).click();
  await expect(page.getByRole("button", { name: "Granting..." })).toBeDisabled();
  release();

  await expect(page.getByText("Access granted", { exact: true })).toBeVisible();
  await expect(
    page.getByText(`${email} has access until 30 Jun ${nextYear} (Fiji time).`, { exact: true }),
  ).toBeVisible();
  expect(sent).toEqual([{ email, until: `${nextYear}-06-30` }]);
  await expect(page.getByLabel("Subscriber email")).toHaveValue("");

  await searchSubscribers(page, email);
  await expect(page.getByRole("region", { name: "Subscribers list" })).toHaveAttribute("aria-busy", "false");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Manual");
  await expect(row).toContainText("Active");
  await expect(row).toContainText(`30 Jun ${nextYear}`);
  await expect(row).toContainText("Access current");

  const listViolations = await axeViolations(page);
  expect(listViolations, `axe on the Subscribers view:\n${listViolations.join("\n")}`).toEqual([]);

  // Cancel leaves access as it was.
  await row.getByRole("button", { name: "Revoke" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke access?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Access current");

  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(dialog).toBeVisible();
  const dialogViolations = await axeViolations(page);
  expect(dialogViolations, `axe with the revoke dialog open:\n${dialogViolations.join("\n")}`).toEqual([]);
  await dialog.getByRole("button", { name: "Revoke access", exact: true }).click();

  await expect(page.getByText("Access revoked", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("No access");
  await expect(row).toContainText("Canceled");
  await expect(row.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  // The button went with the access; focus stays on the list rather than falling back to the page.
  await expect(page.getByRole("region", { name: "Subscribers list" })).toBeFocused();

  // The activity log records who granted and who revoked.
  await page.getByRole("tab", { name: "Activity" }).click();
  const entries = page.getByRole("row").filter({ hasText: email }).filter({ hasText: STAFF.username });
  await expect(entries.filter({ hasText: /granted/i })).toHaveCount(1);
  await expect(entries.filter({ hasText: /granted/i })).toContainText(`until: ${nextYear}-06-30`);
  await expect(entries.filter({ hasText: /revoked/i })).toHaveCount(1);
});

test.describe("with a refused request", () => {
  // Chromium logs the 400 response itself as a console error.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a bad e-mail is caught in the form, and a past date is refused with the server's message", async ({
    page,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "late");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/subscriptions/")) posts.push(request.url());
    });

    await signIn(page, baseURL ?? "");
    await openSubscribers(page);

    await page.getByLabel("Subscriber email").fill("not-an-address");
    await page.getByRole("button", { name: "Grant access" }).click();
    await expect(page.getByText("Could not grant access", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Subscriber email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Subscriber email")).toHaveAccessibleDescription(
      "Email must be a valid email address",
    );
    await expect(page.getByLabel("Subscriber email")).toBeFocused();
    expect(posts).toEqual([]);

    await page.getByLabel("Subscriber email").fill(email);
    await page.getByLabel("Access until").fill("2020-01-31");
    await page.getByRole("button", { name: "Grant access" }).click();
    await expect(page.getByText("Choose a date from today on.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Grant access" })).toBeEnabled();
    expect(posts).toHaveLength(1);

    await searchSubscribers(page, email);
    await expect(page.getByText("No subscribers match your search.", { exact: true })).toBeVisible();
  });
});
