// The portal's library from the database (docs/product.md, Premium Document Portal): published documents only,
// searched by title and description, narrowed to a category, "New" on what was added in the last 30 days, and listed
// in the served page itself, so a browser without script sees them too.
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { createDocument, deleteDocument } from "./library-helpers";
import { uniqueTag } from "./staff-helpers";
import { siteOrigin } from "./subscriber";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.62" } });

test("search, the category filter and New; drafts and scheduled documents stay off the portal", async ({
  page,
}, testInfo) => {
  const baseURL = siteOrigin(testInfo);
  const tag = uniqueTag(testInfo);
  const survey = `Coastal survey plan ${tag}`;
  const drill = `Lost link drill ${tag}`;
  const draft = `Unfinished draft ${tag}`;
  const later = `Next month's update ${tag}`;
  const ids = [
    await createDocument(page.request, baseURL, {
      title: survey,
      category: "Operations",
      description: `Mangrove and reef mapping flights ${tag}.`,
    }),
    await createDocument(page.request, baseURL, { title: drill, category: "Emergency Response" }),
    await createDocument(page.request, baseURL, {
      title: draft,
      category: "Operations",
      publish: { state: "draft" },
    }),
    await createDocument(page.request, baseURL, {
      title: later,
      category: "Operations",
      publish: { state: "schedule", publishAt: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    }),
  ];
  try {
    await open(page, "/portal");
    const card = (title: string) => page.getByRole("article", { name: title });
    await expect(card(survey).getByText("New", { exact: true })).toBeVisible();
    const [launched] = PORTAL_DOCUMENTS;
    if (!launched) throw new Error("no seeded documents");
    // The launch set is older than the New window.
    await expect(card(launched.title)).toBeVisible();
    await expect(card(launched.title).getByText("New", { exact: true })).toHaveCount(0);
    await expect(card(draft)).toHaveCount(0);
    await expect(card(later)).toHaveCount(0);

    const search = page.getByRole("searchbox", { name: "Search documents" });
    await search.fill(tag);
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("status").filter({ hasText: "2 matching documents" })).toBeAttached();

    // A description matches as well as a title.
    await search.fill(`Mangrove and reef mapping flights ${tag}`);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(survey)).toBeVisible();

    await search.fill(tag);
    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Emergency Response" });
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(drill)).toBeVisible();

    await search.fill(`nothing like this ${tag}`);
    await expect(page.getByText("No documents match your search.", { exact: false })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    await expectAxeClean(page, "/portal with a search that finds nothing");

    await search.fill("");
    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "All categories" });
    await expect(card(survey)).toBeVisible();
    await expect(card(launched.title)).toBeVisible();
  } finally {
    for (const id of ids) await deleteDocument(page.request, baseURL, id);
  }
});

test("without script, the served page lists the published documents as they are now", async ({
  page,
  browser,
}, testInfo) => {
  const baseURL = siteOrigin(testInfo);
  const tag = uniqueTag(testInfo);
  const title = `Pre-flight briefing card ${tag}`;
  const id = await createDocument(page.request, baseURL, { title, category: "Operations" });
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const noScript = await context.newPage();
    await noScript.goto("/portal");
    await expect(noScript.getByRole("article", { name: title })).toBeVisible();
    await expect(noScript.getByRole("article", { name: title })).toContainText("Subscription Required");
    for (const document of PORTAL_DOCUMENTS) {
      await expect(noScript.getByRole("article", { name: document.title })).toBeVisible();
    }
    // Deleted: gone from the next page served.
    await deleteDocument(page.request, baseURL, id);
    await noScript.reload();
    await expect(noScript.getByRole("article", { name: PORTAL_DOCUMENTS[0]?.title ?? "" })).toBeVisible();
    await expect(noScript.getByRole("article", { name: title })).toHaveCount(0);
  } finally {
    await context.close();
    await deleteDocument(page.request, baseURL, id);
  }
});
