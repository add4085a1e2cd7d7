// Backups on an S3 store (the local fake, through the real S3 client): with BACKUP_DIR unset the archives live in
// the store under backups/, and a restore puts the files back into the store. A store that does not answer makes
// "Back up now" say so (503) and leaves no archive. A BACKUP_DIR inside DATA_DIR stops the start.
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers } from "../../server/db/schema";
import { parseEnv } from "../../server/env";
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
    // The store's own address (endpoint and bucket, no keys), where the view says the archives are.
    expect(list.json().where).toMatch(/^https?:\/\/.+\/backups\/$/);

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
    expect(readdirSync(backupDir)).toEqual([]);
  });
});

describe("backups on a store of kind s3, without BACKUP_DIR", () => {
  const t = withTestApp();

  it("keeps the archives in the store under backups/ and never puts one backup inside the next", async () => {
    const { makeBackup } = await import("../../server/platform/backup");
    const { backupTarget } = await import("../../server/platform/backup-target");
    const { unpackBackup } = await import("../../server/platform/backup-archive");
    const storeDir = temp("store");
    const store = { ...localStorage(storeDir), kind: "s3" as const };
    await store.put("certificates/PSR-B-2026-0001-v1.pdf", PDF, "application/pdf");
    const target = await backupTarget({ DATA_DIR: temp("data") }, store);
    expect(target.location).toBe("store");
    const source = {
      db: t.database.db,
      storage: store,
      dataDir: storeDir,
      sessionSecretConfigured: true,
      target,
    };

    await makeBackup(source);
    const second = await makeBackup(source);
    expect(second.files).toBe(1);
    const keys = (await store.list("backups/")).map((file) => file.key);
    expect(keys).toHaveLength(2);

    const archive = join(temp("download"), "archive.tar.gz");
    const opened = await target.open(second.backup.name);
    if (!opened) throw new Error("not stored");
    const { pipeline } = await import("node:stream/promises");
    const { createWriteStream } = await import("node:fs");
    await pipeline(opened.stream, createWriteStream(archive));
    const unpacked = temp("unpacked");
    const manifest = await unpackBackup(archive, unpacked);
    expect(manifest).toMatchObject({ storage: "s3", files: { count: 1 }, sessionSecret: false });
    expect(readdirSync(join(unpacked, "files"))).toEqual(["certificates"]);
  });

  it("refuses a BACKUP_DIR inside DATA_DIR at start", () => {
    const dir = temp("env");
    mkdirSync(join(dir, "data"));
    expect(() => parseEnv({ DATA_DIR: join(dir, "data"), BACKUP_DIR: join(dir, "data", "backups") })).toThrow(
      /BACKUP_DIR must be outside DATA_DIR/,
    );
    expect(() =>
      parseEnv({ DATA_DIR: join(dir, "data"), BACKUP_DIR: join(dir, "data-backups") }),
    ).not.toThrow();
  });
});
