// Staff's Library view (docs/product.md, Premium Document Portal): a PDF uploaded through the dialog is on the portal
// for everyone at once, a subscriber downloads it and its count rises; a file whose bytes are not what its name says
// is refused with the server's message; a replaced file keeps its versions, and an earlier one can be restored.
import type { Page } from "@playwright/test";
import { fijiDateAndTime } from "../../shared/fiji-time";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { createDocument, deleteDocument, deleteDocumentsTagged, pdfBytes, zipBytes } from "./library-helpers";
import { openDashboard, signIn, uniqueTag } from "./staff-helpers";
import { grantAccess, isoDateIn, signInNewSubscriber, siteOrigin } from "./subscriber";

// Public POSTs are limited per client address; this file's tests count as one client of their own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.61" } });

async function openLibrary(page: Page, baseURL: string): Promise<void> {
  await signIn(page, baseURL);
  await openDashboard(page);
  await page.getByRole("tab", { name: "Library" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Library" })).toBeVisible();
}

/** Narrows the staff table to one test's documents and answers the row of `title`. */
async function findRow(page: Page, tag: string, title: string) {
  await page.getByLabel("Search documents").fill(tag);
  const row = page.getByRole("region", { name: "Documents list" }).getByRole("row", { name: title });
  await expect(row).toBeVisible();
  return row;
}

test("staff upload a PDF through the dialog; everyone sees it on the portal; a subscriber's download counts", async ({
  page,
  browser,
}, testInfo) => {
  const baseURL = siteOrigin(testInfo);
  const tag = uniqueTag(testInfo);
  const title = `Night operations guide ${tag}`;
  await openLibrary(page, baseURL);
  try {
    await page.getByRole("button", { name: "Add document" }).click();
    const dialog = page.getByRole("dialog", { name: "Add document" });
    await dialog.getByLabel("Title").fill(title);
    await dialog
      .getByLabel("Description")
      .fill("Flying RPAS after dark in Fiji: lighting, crew and approvals.");
    await dialog.getByLabel("Category").selectOption({ label: "Operations" });
    await dialog.getByLabel("Type").fill("Regulatory Guide");
    await expect(dialog.getByRole("radio", { name: "Publish now" })).toBeChecked();
    await dialog.getByLabel("File").setInputFiles({
      name: "night-ops.pdf",
      mimeType: "application/pdf",
      buffer: pdfBytes(title),
    });
    await expectAxeClean(page, "the Add document dialog");
    await dialog.getByRole("button", { name: "Upload document" }).click();
    await expect(dialog).toBeHidden();

    const row = await findRow(page, tag, title);
    await expect(row).toContainText("Operations");
    await expect(row).toContainText("Published");
    await expect(row).toContainText("v1");
    await expect(row).toContainText("night-ops.pdf");

    // Anyone, without signing in: the served page lists it (no script needed), the card says New.
    const served = await page.request.get("/portal");
    expect(await served.text()).toContain(title);
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await open(visitor, "/portal");
    const locked = visitor.getByRole("article", { name: title });
    await expect(locked).toContainText("New");
    await expect(locked).toContainText("Regulatory Guide");
    await expect(locked.getByRole("button", { name: "Subscription Required" })).toBeDisabled();
    await visitor.context().close();

    // A subscriber downloads it: the file is the one uploaded, the count on the card rises.
    const reader = await (await browser.newContext({ baseURL })).newPage();
    const email = await signInNewSubscriber(reader, testInfo, "library");
    await grantAccess(reader.request, baseURL, email, isoDateIn(30));
    await open(reader, "/portal");
    const card = reader.getByRole("article", { name: title });
    await expect(card.getByText("Downloads", { exact: true }).locator("..")).toContainText("0");
    const download = reader.waitForEvent("download");
    await card.getByRole("button", { name: `Download ${title}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    await expect(card.getByText("Downloads", { exact: true }).locator("..")).toContainText("1");
    await reader.context().close();

    // Staff see the download on the document and under the subscriber.
    await page.reload();
    await page.getByRole("tab", { name: "Library" }).click();
    const downloads = (await findRow(page, tag, title)).getByRole("button", {
      name: `Downloads of ${title}: 1`,
    });
    await downloads.click();
    const who = page.getByRole("dialog", { name: "Downloads" });
    await expect(who.getByRole("row", { name: email })).toContainText("v1");
    await who.getByRole("button", { name: "Done" }).click();
    await page.getByLabel("Search subscribers").fill(email);
    await expect(
      page.getByRole("region", { name: "Downloads per subscriber" }).getByRole("row", { name: email }),
    ).toContainText("1");
  } finally {
    await deleteDocumentsTagged(page.request, baseURL, tag);
  }
});

test.describe("refusals", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a file that is not what its name says shows the server's message; a wrong extension is refused at once", async ({
    page,
  }, testInfo) => {
    const baseURL = siteOrigin(testInfo);
    const tag = uniqueTag(testInfo);
    await openLibrary(page, baseURL);
    await page.getByRole("button", { name: "Add document" }).click();
    const dialog = page.getByRole("dialog", { name: "Add document" });
    await dialog.getByLabel("Title").fill(`Disguised archive ${tag}`);
    await dialog.getByLabel("Description").fill("A ZIP file named as a PDF.");
    await dialog.getByLabel("Category").selectOption({ label: "Operations" });
    await dialog.getByLabel("Type").fill("Manual");

    await dialog
      .getByLabel("File")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await dialog.getByRole("button", { name: "Upload document" }).click();
    await expect(
      dialog.getByText("Upload a PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx) or ZIP file."),
    ).toBeVisible();

    await dialog
      .getByLabel("File")
      .setInputFiles({ name: "manual.pdf", mimeType: "application/pdf", buffer: zipBytes() });
    await dialog.getByRole("button", { name: "Upload document" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The file is not a PDF: its contents say ZIP.");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.getByLabel("Search documents").fill(tag);
    await expect(page.getByText("No documents match.")).toBeVisible();
  });
});

test("replacing the file makes a new version; Restore brings an earlier one back", async ({
  page,
}, testInfo) => {
  const baseURL = siteOrigin(testInfo);
  const tag = uniqueTag(testInfo);
  const title = `Battery safety checklist ${tag}`;
  const id = await createDocument(page.request, baseURL, {
    title,
    category: "Safety Management",
    fileName: "battery-v1.pdf",
  });
  try {
    await openLibrary(page, baseURL);
    const row = await findRow(page, tag, title);
    await expect(row).toContainText("v1");

    await row.getByRole("button", { name: `Replace file of ${title}` }).click();
    const replace = page.getByRole("dialog", { name: "Replace file" });
    await replace.getByLabel("New file").setInputFiles({
      name: "battery-v2.pdf",
      mimeType: "application/pdf",
      buffer: pdfBytes(`${title} v2`),
    });
    await replace.getByRole("button", { name: "Upload new version" }).click();
    await expect(replace).toBeHidden();
    await expect(row).toContainText("v2");
    await expect(row).toContainText("battery-v2.pdf");

    await row.getByRole("button", { name: `Versions of ${title}` }).click();
    const versions = page.getByRole("dialog", { name: "Versions" });
    await expect(versions.getByRole("listitem", { name: "Version 2" })).toContainText("Current");
    await expect(versions.getByRole("listitem", { name: "Version 1" })).toContainText("battery-v1.pdf");
    await expectAxeClean(page, "the Versions dialog");
    await versions.getByRole("button", { name: "Restore version 1" }).click();
    await expect(versions.getByRole("listitem", { name: "Version 1" })).toContainText("Current");
    await expect(versions.getByRole("button", { name: "Restore version 2" })).toBeEnabled();
    await versions.getByRole("button", { name: "Done" }).click();
    await expect(row).toContainText("v1");
    await expect(row).toContainText("battery-v1.pdf");

    // Rescheduled: off the portal until its Fiji date and time.
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit document" });
    await expect(edit.getByLabel("Title")).toHaveValue(title);
    await expect(edit.getByRole("radio", { name: "Published" })).toBeChecked();
    await edit.getByRole("radio", { name: "Schedule" }).check();
    const { date } = fijiDateAndTime(new Date(Date.now() + 2 * 86_400_000));
    await edit.getByLabel("Publish at (Fiji time)").fill(`${date}T09:30`);
    await edit.getByRole("button", { name: "Save document" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(/Scheduled for \d+ \w+ \d{4}, 9:30/);
    expect(await (await page.request.get("/api/documents")).text()).not.toContain(title);
  } finally {
    await deleteDocument(page.request, baseURL, id);
  }
});

test.describe("categories", () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("staff add, rename, move and delete a category; one still in use is refused with the reason", async ({
    page,
  }, testInfo) => {
    const baseURL = siteOrigin(testInfo);
    const tag = uniqueTag(testInfo);
    const name = `Night flying ${tag}`;
    await openLibrary(page, baseURL);
    const list = page.getByRole("list", { name: "Categories" });
    await expect(list.getByRole("listitem", { name: "Operations" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Documents list" })).toBeVisible();
    await expectAxeClean(page, "the Library view");

    await page.getByLabel("New category").fill(name);
    await page.getByRole("button", { name: "Add category" }).click();
    await expect(list.getByRole("listitem").last()).toHaveAccessibleName(name);

    const renamed = `Night operations ${tag}`;
    await list.getByLabel(`Name of ${name}`).fill(renamed);
    await list.getByRole("button", { name: `Rename ${name}` }).click();
    await expect(list.getByRole("listitem").last()).toHaveAccessibleName(renamed);

    await list.getByRole("button", { name: `Move ${renamed} up` }).click();
    await expect(list.getByRole("listitem").nth(-2)).toHaveAccessibleName(renamed);
    await expect(list.getByRole("button", { name: `Move ${renamed} down` })).toBeEnabled();

    const id = await createDocument(page.request, baseURL, {
      title: `Lights checklist ${tag}`,
      category: renamed,
    });
    await page.reload();
    await page.getByRole("tab", { name: "Library" }).click();
    await list.getByRole("button", { name: `Delete ${renamed}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
    await expect(page.getByRole("region", { name: "Categories" }).getByRole("alert")).toHaveText(
      "This category still has documents. Move them to another category before deleting it.",
    );
    await deleteDocument(page.request, baseURL, id);

    await page.reload();
    await page.getByRole("tab", { name: "Library" }).click();
    await list.getByRole("button", { name: `Delete ${renamed}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
    await expect(list.getByRole("listitem", { name: renamed })).toHaveCount(0);
  });
});

test("the Library view lists the sample content still shown, each kind with what to do", async ({
  page,
}, testInfo) => {
  const baseURL = siteOrigin(testInfo);
  await openLibrary(page, baseURL);
  const samples = page.getByRole("region", { name: "Sample content" });
  await expect(samples).toContainText("first-run sample texts and files shipped with the site");
  const documents = samples.getByRole("region", { name: /^Documents \(\d+\)$/ });
  await expect(documents).toContainText("upload the real file in the Library");
  await expect(documents.getByRole("listitem").first()).toContainText("Document Portal (published)");
  const testimonials = samples.getByRole("region", { name: "Testimonials (3)" });
  await expect(testimonials).toContainText("Litia Vakaloloma");
  await expect(testimonials).toContainText("in the Content view");
  const claims = samples.getByRole("region", { name: /^Certification and other claims/ });
  await expect(claims).toContainText("ISO Compliant");
  await expect(claims).toContainText("ICAO Affiliated");
  await expect(samples.getByRole("region", { name: /^Headline figures/ })).toContainText(
    "100+ Pilots Trained",
  );
  await samples.scrollIntoViewIfNeeded();
  await expectAxeClean(page, "the Library view with its Sample content card");
});
