// Staff's certificate screens: an intake that has begun opens its class sheet from its card; a pass is refused
// until every day is marked present, then issues the certificate under the name staff corrected; the Certificates
// view finds it, downloads its PDF, revokes it with a reason and reissues it; the pass rates count the intake.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { formatCalendarDate } from "../../shared/calendar-dates";
import { startedIntakeWithTrainee } from "./certificate-helpers";
import { expect, expectAxeClean, test } from "./fixtures";
import { expectToast } from "./payment-helpers";
import { openDashboard, signIn } from "./staff-helpers";

const NUMBER = /PSR-B-\d{4}-\d{4,}/;

/** Chooses a result in the trainee's Result dialog; for a pass, the name goes on the certificate as given. */
async function chooseResult(page: Page, sheet: Locator, trainee: string, result: string) {
  await sheet.getByRole("button", { name: `Result for ${trainee}` }).click();
  const dialog = page.getByRole("dialog", { name: `Result: ${trainee}` });
  await dialog.getByRole("radio", { name: result }).check();
  return dialog;
}

/** Downloads the link's file and answers its bytes; the link's address answers a PDF too. */
async function downloadPdf(page: Page, link: Locator): Promise<Buffer> {
  const response = await page.request.get((await link.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return readFile((await download.path()) ?? "");
}

test.describe("certificates", () => {
  // The first pass is refused on purpose (a day not marked present): the browser logs that 409.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("staff mark attendance, pass a trainee under a corrected name, then download, revoke and reissue the certificate", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow(); // four axe passes, a download and the whole life of a certificate
    const origin = baseURL ?? "";
    const enrolled = { firstName: "Mereani", lastName: "Tuilagi" };
    const { tag, location, today } = await startedIntakeWithTrainee(request, origin, testInfo, enrolled);
    const trainee = "Mereani Tuilagi";
    await signIn(page, origin);
    await openDashboard(page);
    await page.getByRole("tab", { name: "Intakes" }).click();

    // The intake has begun: its card opens the class sheet, a box per day for the confirmed trainee.
    const card = page.getByRole("article", { name: `Basic RPAS Pilot, ${location}` });
    await card.getByRole("button", { name: /^Attendance and results/ }).click();
    const sheetDialog = page.getByRole("dialog", {
      name: `Attendance and results: Basic RPAS Pilot, ${location}`,
    });
    const sheet = sheetDialog.getByRole("region", { name: "Attendance and results", exact: true });
    const present = sheet.getByRole("checkbox", {
      name: `${trainee} present on ${formatCalendarDate(today)}`,
    });
    await expect(present).not.toBeChecked();
    await expect(sheet.getByRole("row", { name: new RegExp(trainee) })).toContainText("Not decided");
    await expectAxeClean(page, "the class sheet");

    // A pass before the day is marked present is refused with the server's reason.
    let dialog = await chooseResult(page, sheet, trainee, "Passed");
    await dialog.getByRole("button", { name: "Issue certificate" }).click();
    await expect(page.getByText(`Could not save ${trainee}'s result`, { exact: true })).toBeVisible();
    await expect(page.getByText(/not marked present on/).first()).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // The result dialog must be gone (its closing overlay would take the click) before the box is ticked.
    await expect(dialog).toBeHidden();

    const marked = page.waitForResponse((response) => /\/attendance$/.test(response.url()));
    await present.check();
    expect((await marked).status()).toBe(200);
    await expect(present).toBeChecked();

    // Passed shows the name as enrolled; staff correct it and see it as the certificate prints it.
    dialog = await chooseResult(page, sheet, trainee, "Passed");
    await expect(dialog.getByLabel("Given names")).toHaveValue("Mereani");
    await expect(dialog.getByLabel("Surname")).toHaveValue("Tuilagi");
    await dialog.getByLabel("Given names").fill("Mereani Adi");
    await dialog.getByLabel("Surname").fill("Tuilagi-Ravu");
    await expect(dialog).toContainText("On the certificate: Mereani Adi Tuilagi-Ravu");
    await expectAxeClean(page, "the pass confirmation");
    await dialog.getByRole("button", { name: "Issue certificate" }).click();
    await expectToast(page, "Certificate issued");
    await expect(dialog).toBeHidden();
    const row = sheet.getByRole("row", { name: new RegExp(trainee) });
    await expect(row).toContainText("Passed");
    await expect(row).toContainText(NUMBER);
    await expect(row).toContainText("Valid");
    const number = NUMBER.exec((await row.textContent()) ?? "")?.[0] ?? "";
    // A current certificate fixes the result: no Result button until it is revoked.
    await expect(row.getByRole("button", { name: `Result for ${trainee}` })).toHaveCount(0);
    await sheetDialog.getByRole("button", { name: "Close" }).first().click();

    // The Certificates view finds it by the holder's e-mail; its CSV link carries the search.
    await page.getByRole("tab", { name: "Certificates" }).click();
    await page.getByLabel("Search certificates").fill(tag);
    const list = page.getByRole("region", { name: "Certificates list" });
    const first = list.getByRole("row", { name: new RegExp(number) });
    await expect(first).toContainText("Mereani Adi Tuilagi-Ravu");
    await expect(first).toContainText("Basic RPAS Pilot");
    await expect(first).toContainText(location);
    await expect(first).toContainText("Does not expire");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      new RegExp(`q=${tag}`),
    );
    await expectAxeClean(page, "the Certificates view");

    // Pass rates: one trainee, passed.
    const rate = page
      .getByRole("region", { name: "Pass rates", exact: true })
      .getByRole("row", { name: new RegExp(location) });
    await expect(rate.getByRole("cell")).toHaveText([
      formatCalendarDate(today),
      location,
      "1",
      "1",
      "0",
      "0",
      "100%",
    ]);

    const pdf = await downloadPdf(
      page,
      first.getByRole("link", { name: `Download PDF ${number} version 1` }),
    );
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Revoking needs a reason; it is kept out of the public page.
    await first.getByRole("button", { name: `Revoke ${number}` }).click();
    const revoke = page.getByRole("dialog", { name: `Revoke ${number}?` });
    await expect(revoke).toContainText("never shown publicly");
    await revoke.getByRole("button", { name: "Revoke certificate" }).click();
    await expect(revoke.getByText("Reason is required")).toBeVisible();
    await revoke.getByLabel("Reason").fill("Issued in error: the practical test is to be repeated");
    await revoke.getByRole("button", { name: "Revoke certificate" }).click();
    await expectToast(page, "Certificate revoked");
    await expect(first).toContainText("Revoked");
    await expect(first.getByRole("button", { name: `Revoke ${number}` })).toHaveCount(0);

    // Reissuing a revoked certificate under a corrected name: version 2 is valid, with the same number.
    await first.getByRole("button", { name: `Reissue ${number}` }).click();
    const reissue = page.getByRole("dialog", { name: `Reissue ${number}?` });
    await expect(reissue).toContainText("shows as replaced");
    await expect(reissue.getByLabel("Given names")).toHaveValue("Mereani Adi");
    await expect(reissue.getByLabel("Surname")).toHaveValue("Tuilagi-Ravu");
    await reissue.getByLabel("Surname").fill("Tuilagi Ravu");
    await expectAxeClean(page, "the reissue dialog");
    await reissue.getByRole("button", { name: "Reissue certificate" }).click();
    await expectToast(page, "Certificate reissued");
    const second = list.getByRole("row", { name: new RegExp(`${number} \\(version 2\\)`) });
    await expect(second).toContainText("Mereani Adi Tuilagi Ravu");
    await expect(second).toContainText("Valid");
    await expect(list.getByRole("row")).toHaveCount(3);

    // The status filter narrows the list to the valid version.
    const view = page.getByRole("region", { name: "Certificates", exact: true });
    await view.getByLabel("Status").selectOption({ label: "Valid" });
    await expect(list.getByRole("row")).toHaveCount(2);
    await expect(list.getByRole("row").nth(1)).toContainText("version 2");
  });
});
