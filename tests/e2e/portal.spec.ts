// The Premium Document Portal (docs/product.md, Premium Document Portal) as visitors, signed-in users and subscribers
// see it. Each signed-in test makes its own account (a unique e-mail), so tests running in parallel never share a
// session or a subscription.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { createDocument } from "./library-helpers";
import { uniqueTag } from "./staff-helpers";
import { grantAccess, isoDateIn, signInByApi, signInNewSubscriber, uniqueEmail } from "./subscriber";

// Public POSTs are limited per client address; this file's tests count as one client of their own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.32" } });

const WELCOME = "Welcome to the Document Portal";

function accountNav(page: Page) {
  return page.getByRole("navigation", { name: "Portal account" });
}

function documentCard(page: Page, title: string) {
  return page.getByRole("article", { name: title });
}

test.describe("signed out", () => {
  test("the preview: banner, stats, six locked documents, and the welcome toast after a second", async ({
    page,
  }) => {
    await open(page, "/portal");
    await expect(page.getByRole("heading", { level: 1, name: "Premium Document Portal" })).toBeVisible();
    await expect(page.getByText("You are viewing a preview of the library.")).toBeVisible();
    await expect(page.getByText(/document downloads require a subscription/)).toBeVisible();
    for (const [value, label] of [
      ["50+", "Documents"],
      ["12", "Categories"],
      ["1.2K+", "Downloads"],
    ]) {
      await expect(
        page.getByRole("listitem").filter({ hasText: value }).filter({ hasText: label }),
      ).toHaveCount(1);
    }

    // The six launch documents at least: staff (and the library's browser tests, meanwhile) may add more.
    expect(await page.getByRole("article").count()).toBeGreaterThanOrEqual(PORTAL_DOCUMENTS.length);
    for (const document of PORTAL_DOCUMENTS) {
      const card = documentCard(page, document.title);
      await expect(card).toContainText(document.description);
      await expect(card).toContainText(document.type);
      await expect(card).toContainText("Premium");
      // The stored file's real size (the launch figures were examples).
      await expect(card.getByText("Size", { exact: true }).locator("..")).toContainText(
        /\d+(\.\d)? (B|KB|MB)/,
      );
      // Still the sample files shipped with the site: marked; a visitor sees the spec's locked button.
      await expect(card.getByText("Sample document: its file is not yet available")).toBeVisible();
      await expect(card.getByRole("button", { name: "Subscription Required" })).toBeDisabled();
      await expect(card.getByRole("button", { name: "Sample: not yet available" })).toHaveCount(0);
    }
    await expect(page.getByRole("button", { name: /^Download/ })).toHaveCount(0);

    await expect(accountNav(page).getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/api/login",
    );
    await expect(accountNav(page).getByRole("link", { name: "Logout" })).toHaveCount(0);

    await expect(page.getByText(WELCOME, { exact: true })).toBeVisible();
    // The toast waits a second from the page's start (performance.now() counts from the navigation).
    expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(1000);

    const closing = page.getByRole("region", { name: "Unlock the full library" });
    await expect(closing.getByRole("link", { name: "Subscribe by Card" })).toHaveAttribute(
      "href",
      "/subscribe",
    );
    await expect(closing.getByRole("link", { name: /Pay with M-PAiSA/ })).toHaveAttribute(
      "href",
      "/mpaisa-payment",
    );
    await expect(closing.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
  });

  test("the welcome toast is not there before the second has passed", async ({ page }) => {
    await page.goto("/portal");
    const early = await page.evaluate(() => performance.now());
    test.skip(early >= 900, "the page took too long to load to see the toast's delay");
    await expect(page.getByText(WELCOME, { exact: true })).toHaveCount(0);
    await expect(page.getByText(WELCOME, { exact: true })).toBeVisible();
  });

  test("Subscribe and the wallet button open their pages in new tabs", async ({ page, context }) => {
    await open(page, "/portal");
    for (const [name, path] of [
      ["Subscribe", "/subscribe"],
      ["Pay with M-PAiSA", "/mpaisa-payment"],
    ] as const) {
      const opened = context.waitForEvent("page");
      await accountNav(page)
        .getByRole("link", { name: new RegExp(`^${name}`) })
        .click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(path);
      await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
      await tab.close();
    }
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("live download counts replace the prerendered ones once loaded", async ({ page }) => {
    const [first] = PORTAL_DOCUMENTS;
    if (!first) throw new Error("no documents");
    await page.route("**/api/documents", async (route) => {
      const response = await route.fetch();
      const documents = (await response.json()) as { id: string; downloadCount: number }[];
      await route.fulfill({
        response,
        json: documents.map((document) =>
          document.id === first.id ? { ...document, downloadCount: 12345 } : document,
        ),
      });
    });
    await open(page, "/portal");
    await expect(documentCard(page, first.title)).toContainText("12,345");
  });

  test("axe reports no violations, with the welcome toast on screen", async ({ page }) => {
    await open(page, "/portal");
    await expect(page.getByText(WELCOME, { exact: true })).toBeVisible();
    await expectAxeClean(page, "/portal (signed out)");
  });
});

test.describe("signed in", () => {
  test("without a subscription: the e-mail in the header, locked documents, a notice; Logout signs out", async ({
    page,
  }, testInfo) => {
    const email = await signInNewSubscriber(page, testInfo, "reader");
    await open(page, "/portal");

    await expect(accountNav(page)).toContainText(email);
    await expect(accountNav(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(accountNav(page).getByRole("link", { name: /^Subscribe/ })).toHaveCount(0);
    await expect(page.getByText("Your subscription is not active.")).toBeVisible();
    await expect(page.getByText(`${email} has no subscription yet.`, { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Subscribe \(opens in a new tab\)$/ })).toHaveAttribute(
      "href",
      "/subscribe",
    );
    await expect(page.getByText("You are viewing a preview of the library.")).toHaveCount(0);
    for (const document of PORTAL_DOCUMENTS) {
      await expect(
        documentCard(page, document.title).getByRole("button", { name: "Subscription Required" }),
      ).toBeDisabled();
    }
    const locked = page.getByRole("button", { name: "Subscription Required" });
    for (const button of await locked.all()) await expect(button).toBeDisabled();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

    await expectAxeClean(page, "/portal (signed in)");
    // No welcome toast for someone signed in.
    await page.waitForTimeout(1200);
    await expect(page.getByText(WELCOME, { exact: true })).toHaveCount(0);

    await accountNav(page).getByRole("link", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(accountNav(page).getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(accountNav(page)).not.toContainText(email);
    await expect(page.getByText(WELCOME, { exact: true })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("with access granted by staff: the end date, samples locked, and a document staff uploaded downloads", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "subscriber");
    const until = isoDateIn(200);
    await grantAccess(request, baseURL ?? "", email, until);
    await signInByApi(page, baseURL ?? "", email);
    await open(page, "/portal");

    await expect(accountNav(page)).toContainText(email);
    await expect(page.getByText("Your subscription is active.")).toBeVisible();
    const [year, month, day] = until.split("-").map(Number);
    const expectedEnd = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day)));
    await expect(page.getByText(`Access until ${expectedEnd}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscription Required" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Unlock the full library" })).toHaveCount(0);

    // The six sample documents stay locked for subscribers too, until staff replace their files; a document staff
    // uploaded downloads.
    for (const document of PORTAL_DOCUMENTS) {
      const sample = documentCard(page, document.title).getByRole("button", {
        name: "Sample: not yet available",
      });
      await expect(sample).toBeDisabled();
      await expect(sample).toHaveAccessibleDescription(
        /the document can be downloaded once its file is published/,
      );
    }
    const title = `Crew briefing checklist ${uniqueTag(testInfo)}`;
    await createDocument(request, baseURL ?? "", { title, category: "Operations" });
    await page.reload();
    const card = documentCard(page, title);
    await expect(card.getByText("Sample document: its file is not yet available")).toHaveCount(0);
    await expect(card.getByRole("button", { name: /^Download/ })).toBeEnabled();
    const shownCount = async () =>
      Number(((await card.locator("dd").last().textContent()) ?? "").replace(/\D/g, ""));
    await expect.poll(shownCount, { message: "the card shows the live count" }).toBe(0);

    const downloaded = page.waitForEvent("download");
    await card.getByRole("button", { name: /^Download/ }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const content = await readFile(await download.path());
    expect(content.subarray(0, 4).toString("latin1")).toBe("%PDF");
    await expect.poll(shownCount, { message: "the count goes up by the download" }).toBe(1);

    await expectAxeClean(page, "/portal (subscriber)");
  });
});
