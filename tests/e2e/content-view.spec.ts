// The dashboard's Content view (issue 32, point 1): a staff member changes a service page's figure and saves a draft
// that visitors do not see; someone who opened the view before that save is refused with the stale message and reloads
// their draft; the owner previews the page and publishes, and visitors see the new figure; the history keeps each
// version and restoring an older one puts it back once published. The page's words go back to the seeded text at the
// end, for the other tests.
import type { APIRequestContext, Page } from "@playwright/test";
import { STALE_DRAFT_MESSAGE } from "../../shared/content/api";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { openDashboard, signIn, uniqueTag } from "./staff-helpers";
import { newStaffMember } from "./staff-member";
import { siteOrigin } from "./subscriber";

// A save refused as stale answers 409 on purpose; the suite's own watch scripts are refused in the preview's
// sandboxed frame, as every script is there.
test.use({
  allowedConsoleErrors: [/status of 409|^Blocked script execution in 'about:(srcdoc|blank)'/],
  extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.71" },
});

const TRAINING = "/service/training";
const SECTION = "Service page: CAAF Certified Training Provider";
const PAGE = "CAAF Certified Training Provider (service page)";
const SEEDED_FIGURE = "500+";

async function openContent(page: Page): Promise<void> {
  await openDashboard(page);
  await page.getByRole("tab", { name: "Content" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Content" })).toBeVisible();
}

/** The training page's section, and its first training outcome's figure. */
async function trainingSection(page: Page) {
  await page.getByLabel("Page to edit").selectOption(TRAINING);
  const section = page.getByRole("region", { name: SECTION });
  const outcome = (n: number) =>
    section
      .getByRole("group", { name: "Metrics", exact: true })
      .getByRole("group", { name: `Item ${n}`, exact: true })
      .getByRole("textbox", { name: "Value", exact: true });
  return { section, outcome };
}

/** Publishes the draft through the confirmation. */
async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Publish the draft?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(confirm).toBeHidden();
}

/** The training page's words back to the seeded text, published, whatever the test left behind. */
async function putBackSeeded(request: APIRequestContext, baseURL: string) {
  const headers = { Origin: baseURL };
  const state = (await (await request.get("/api/admin/content")).json()) as {
    revision: number;
    sections: { id: string; seeded: unknown; draft: unknown; published: unknown }[];
  };
  const section = state.sections.find((entry) => entry.id === "services.training");
  if (!section) return;
  const saved = await request.put("/api/admin/content/draft", {
    headers,
    data: { revision: state.revision, sections: { [section.id]: section.seeded } },
  });
  const { revision } = (await saved.json()) as { revision: number };
  await request.post("/api/admin/content/publish", { headers, data: { revision } });
}

test("staff draft a service figure, a stale save is refused, the owner previews, publishes and restores", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = siteOrigin(testInfo);
  const tag = uniqueTag(testInfo);
  const figure = `${Math.floor(Math.random() * 400) + 600}+`;
  await signIn(page, baseURL);
  const staff = await newStaffMember(browser, page.request, baseURL, tag);
  const visitor = await (await browser.newContext()).newPage();
  try {
    // The owner opens the view first: their draft is the one before the staff member's save.
    await openContent(page);
    const owner = await trainingSection(page);
    await expect(owner.outcome(1)).toHaveValue(SEEDED_FIGURE);

    // Staff draft the new figure; they cannot publish.
    await openContent(staff);
    await expect(staff.getByText("The owner publishes the draft.")).toBeVisible();
    await expect(staff.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
    const mine = await trainingSection(staff);
    await expect(mine.section.getByText("Sample", { exact: true }).first()).toBeVisible();
    await expectAxeClean(staff, "the Content view (staff)");
    await mine.outcome(1).fill(figure);
    await expect(mine.section.getByText("Unsaved changes")).toBeVisible();
    await mine.section.getByRole("button", { name: `Save draft of ${SECTION}` }).click();
    await expect(staff.getByText("Draft saved", { exact: true })).toBeVisible();
    await expect(mine.section.getByText("Draft: not yet published")).toBeVisible();

    // Visitors still read the published figure.
    await open(visitor, TRAINING);
    await expect(visitor.getByText(SEEDED_FIGURE, { exact: true })).toBeVisible();
    await expect(visitor.getByText(figure, { exact: true })).toHaveCount(0);

    // The owner's view still holds the draft from before: their save is refused, and Reload shows the staff's.
    await owner.outcome(2).fill("97%+");
    await owner.section.getByRole("button", { name: `Save draft of ${SECTION}` }).click();
    await expect(owner.section.getByRole("alert")).toContainText(STALE_DRAFT_MESSAGE);
    await owner.section.getByRole("button", { name: "Reload" }).click();
    await expect(owner.outcome(1)).toHaveValue(figure);
    await expect(owner.outcome(2)).toHaveValue("95%+");
    await expect(owner.section.getByRole("alert")).toHaveCount(0);
    await expectAxeClean(page, "the Content view (owner)");

    // The owner previews the page from the publish dialog, then publishes.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Publish the draft?" });
    await expect(confirm.getByRole("listitem").filter({ hasText: SECTION })).toBeVisible();
    await confirm.getByRole("button", { name: `Preview ${PAGE}` }).click();
    const preview = page.getByRole("dialog", { name: `Preview: ${PAGE}` });
    await expect(preview.frameLocator("iframe").getByText(figure, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();
    await confirm.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("Content published", { exact: true })).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByText(figure, { exact: true })).toBeVisible();
    await expect(visitor.getByText(SEEDED_FIGURE, { exact: true })).toHaveCount(0);

    // A second version, then the first one back from the history.
    // Each publish re-renders the public pages, so the state after it can take a few seconds.
    const history = page.getByRole("list", { name: "Published versions" });
    const first = history.getByRole("listitem").first();
    await expect(first).toContainText(SECTION);
    const version = Number(/Version (\d+)/.exec((await first.textContent()) ?? "")?.[1]);
    await owner.outcome(1).fill("999+");
    await owner.section.getByRole("button", { name: `Save draft of ${SECTION}` }).click();
    await expect(owner.section.getByText("Draft: not yet published")).toBeVisible();
    await publish(page);
    await expect(history.getByRole("listitem", { name: `Version ${version + 1}` })).toBeVisible({
      timeout: 20_000,
    });

    await history
      .getByRole("listitem", { name: `Version ${version}` })
      .getByRole("button", { name: `Restore version ${version}` })
      .click();
    await page
      .getByRole("dialog", { name: `Restore version ${version}?` })
      .getByRole("button", { name: "Restore", exact: true })
      .click();
    await expect(page.getByText(`Version ${version} is now the draft`, { exact: true })).toBeVisible();
    await expect(owner.outcome(1)).toHaveValue(figure);
    await publish(page);
    await expect(history.getByRole("listitem", { name: `Version ${version + 2}` })).toContainText(
      `Put back version ${version}`,
      { timeout: 20_000 },
    );
    await visitor.reload();
    await expect(visitor.getByText(figure, { exact: true })).toBeVisible();

    // "Use the original text" puts the seeded words back into the form.
    await owner.section.getByRole("button", { name: `Use the original text in ${SECTION}` }).click();
    await expect(owner.outcome(1)).toHaveValue(SEEDED_FIGURE);
  } finally {
    await putBackSeeded(page.request, baseURL);
    await staff.context().close();
    await visitor.context().close();
  }
});
