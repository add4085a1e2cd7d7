// The owner backs the site up from the dashboard and downloads the archive; the list shows it at once.
import { expect, expectAxeClean, test } from "./fixtures";
import { openDashboard, signIn } from "./staff-helpers";

const ARCHIVE = /^rpas-backup-\d{4}-\d{2}-\d{2}T\d{9}Z-[0-9a-f]{4}\.tar\.gz$/;

test("the owner makes a backup with Back up now and downloads it", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, baseURL ?? "");
  await openDashboard(page);
  await page.getByRole("tab", { name: "Backups" }).click();
  await expect(page.getByRole("heading", { name: "Backups", level: 2 })).toBeVisible();
  await expect(page.getByText("Each backup holds the database and every uploaded file.")).toBeVisible();
  // The real folder the server keeps them in (beside DATA_DIR by default), not a setting's name.
  const dataDir = process.env.E2E_DATA_DIR ?? "";
  await expect(page.getByText(`in the folder ${dataDir}-backups on this server`)).toBeVisible();
  await expect(page.getByText("BACKUP_DIR")).toHaveCount(0);

  const table = page.getByRole("region", { name: "Backups list" });
  const before = (await table.isVisible()) ? (await table.getByRole("row").count()) - 1 : 0;

  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText("Backup made", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(table.getByRole("row")).toHaveCount(before + 2);
  await expectAxeClean(page, "the Backups view");

  // How to put one back: the real commands, with this server's folders and the newest archive's name.
  const restore = page.getByRole("region", { name: "How to restore a backup" });
  const newest = (await table.getByRole("row").nth(1).getByRole("cell").nth(1).textContent()) ?? "";
  expect(newest).toMatch(ARCHIVE);
  await expect(restore.getByRole("listitem")).toHaveCount(5);
  await expect(restore).toContainText("Stop the server");
  await expect(restore.getByText(`mv ${dataDir} ${dataDir}-before-restore`, { exact: true })).toBeVisible();
  await expect(
    restore.getByText(`DATA_DIR=${dataDir} npm run restore -- ${dataDir}-backups/${newest}`, { exact: true }),
  ).toBeVisible();
  await expect(restore.getByText("npm start", { exact: true })).toBeVisible();

  const download = page.waitForEvent("download");
  await table
    .getByRole("link", { name: /^Download/ })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(ARCHIVE);
});
