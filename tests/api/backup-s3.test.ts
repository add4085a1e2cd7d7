// Backups on an S3 store (the local fake, through the real S3 client): with BACKUP_DIR unset the archives live in
// the store under backups/, and a restore puts the files back into the store. A store that does not answer makes
// "Back up now" say so (503) and leaves no archive.
import { createWriteStream, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers } from "../../server/db/schema";
import { restoreBackup } from "../../server/platform/backup-restore";
import { localStorage, StorageUnavailableError } from "../../server/platform/storage";
import { BACKUP_NAME } from "../../shared/backups";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { withFakeS3 } from "../helpers/s3";
import { sameSite, withTestApp } from "../helpers/test-app";

const temp = (name: string) => mkdtempSync(join(tmpdir(), `rpas-${name}-`));
const PDF = Buffer.from("%PDF-1.4\n% stored on S3\n%%EOF\n");

async function signInOwner(t: ReturnType<typeof withTestApp>) {
  const cookie = await createStaffAndSignIn(t.app, t.database.db);
  await t.database.db.update(adminUsers).set({ role: "owner" }).where(eq(adminUsers.username, "staff"));
  return cookie;
}

describe("backups on an S3 store", () => {
  const s3 = withFakeS3();
  const t = withTestApp(() => ({ storage: s3.storage }));
  let owner: string;
  beforeAll(async () => {
    owner = await signInOwner(t);
  });

  it("keeps the archive in the store under backups/, and a restore puts the files back into the store", async () => {
    await s3.storage.put("library/s3-guide/v1.pdf", PDF, "application/pdf");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/backups",
      headers: { ...sameSite, cookie: owner },
    });
    expect(res.statusCode).toBe(201);
    const { backup } = res.json();
    expect(backup.name).toMatch(BACKUP_NAME);
    const stored = (await s3.storage.list("backups/")).map((file) => file.key);
    expect(stored).toEqual([`backups/${backup.name}`]);

    const list = await t.app.inject({ method: "GET", url: "/api/admin/backups", headers: { cookie: owner } });
    expect(list.json()).toMatchObject({ location: "store", backups: [{ name: backup.name }] });

    const opened = await s3.storage.getStream(`backups/${backup.name}`);
    if (!opened) throw new Error("the archive is not in the store");
    const archive = join(temp("s3-download"), backup.name);
    await pipeline(opened.stream, createWriteStream(archive));
    await s3.storage.delete("library/s3-guide/v1.pdf");

    const fresh = join(temp("s3-restore"), "data");
    const restored = await restoreBackup({ archive, dataDir: fresh, storage: () => s3.storage });
    expect(restored.files).toBeGreaterThanOrEqual(1);
    expect(await s3.storage.get("library/s3-guide/v1.pdf")).toEqual(PDF);
    // The store's own backups/ were never copied into the archive, so the restore did not multiply them.
    expect((await s3.storage.list("backups/")).map((file) => file.key)).toEqual(stored);
  });
});

describe("backups while the store does not answer", () => {
  const backupDir = temp("down-backups");
  const storeDir = temp("down-store");
  const down = {
    ...localStorage(storeDir),
    list: async () => {
      throw new StorageUnavailableError("connect ECONNREFUSED 127.0.0.1:9");
    },
  };
  const t = withTestApp({ env: { BACKUP_DIR: backupDir }, storage: down });
  let owner: string;
  beforeAll(async () => {
    owner = await signInOwner(t);
  });

  it("answers 503 with a clear message and keeps no archive", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/backups",
      headers: { ...sameSite, cookie: owner },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      "The file store did not answer, so no backup was made. Please try again later.",
    );
    const list = await t.app.inject({ method: "GET", url: "/api/admin/backups", headers: { cookie: owner } });
    expect(list.json().backups).toEqual([]);
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(backupDir)).toEqual([]);
  });
});
