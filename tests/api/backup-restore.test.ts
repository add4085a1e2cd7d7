// Backups: the owner's "Back up now" makes one archive of the database and every stored file; a restore into a
// fresh DATA_DIR gives a new instance every enrollment, payment, document and setting; a non-empty DATA_DIR or a
// running server is refused; 14 are kept. On PostgreSQL the archive holds the files only.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase, pgliteDir } from "../../server/db/client";
import {
  adminUsers,
  auditLog,
  documents,
  documentVersions,
  settings,
  walletPayments,
} from "../../server/db/schema";
import { parseEnv } from "../../server/env";
import { restoreBackup } from "../../server/platform/backup-restore";
import { backupName } from "../../server/platform/backup-target";
import { localStorage } from "../../server/platform/storage";
import { readSettings } from "../../server/settings/settings";
import { createAdmin } from "../../server/staff/accounts";
import { BACKUP_NAME } from "../../shared/backups";
import {
  insertEnrollment,
  rememberStaffFactors,
  STAFF,
  signIn,
  staffFactors,
} from "../helpers/admin-session";
import { SITE_ORIGIN, sameSite, withTestApp } from "../helpers/test-app";

const embedded = process.env.TEST_DB !== "postgres";
const temp = (name: string) => mkdtempSync(join(tmpdir(), `rpas-${name}-`));
const OWNER = { username: "owner", password: "tangerine-lagoon-rivet-compass" };
const PDF = Buffer.from("%PDF-1.4\n% a library document\n%%EOF\n");

describe("backups", () => {
  const backupDir = temp("backups");
  const dataDir = temp("data");
  const t = withTestApp({ env: { DATA_DIR: dataDir, BACKUP_DIR: backupDir } });
  let owner: string;
  let staff: string;

  beforeAll(async () => {
    await createAdmin(t.database.db, OWNER.username, OWNER.password);
    await t.database.db.update(adminUsers).set({ role: "owner" }).where(eq(adminUsers.username, "owner"));
    await createAdmin(t.database.db, STAFF.username, STAFF.password);
    owner = (await signIn(t.app, OWNER)).cookie;
    staff = (await signIn(t.app, STAFF)).cookie;
  });

  const backUp = (cookie: string) =>
    t.app.inject({ method: "POST", url: "/api/admin/backups", headers: { ...sameSite, cookie } });

  it("restores into a fresh DATA_DIR every enrollment, payment, document and setting", async () => {
    const db = t.database.db;
    const enrollmentId = await insertEnrollment(db, { email: "kept@example.fj" });
    await db.insert(walletPayments).values({
      reference: "BACKUP-TEST-1",
      method: "mobile",
      email: "payer@example.fj",
      amountCents: 5000,
      status: "completed",
    });
    await t.app.storage.put("library/backup-manual/v1.pdf", PDF, "application/pdf");
    await db.insert(documents).values({
      id: "backup-manual",
      title: "Backup manual",
      description: "A document uploaded before the disk was lost.",
      type: "Manual",
      category: "Operations",
      fileSize: "1 KB",
      storageKey: "library/backup-manual/v1.pdf",
      currentVersion: 1,
      publishAt: new Date(),
    });
    await db.insert(documentVersions).values({
      documentId: "backup-manual",
      version: 1,
      storageKey: "library/backup-manual/v1.pdf",
      fileName: "backup-manual.pdf",
      fileType: "pdf",
      contentType: "application/pdf",
      byteSize: PDF.length,
      sha256: "0".repeat(64),
      uploadedBy: "owner",
    });
    await db.insert(settings).values({ key: "vatPercent", value: 15, updatedBy: "owner" });
    writeFileSync(join(dataDir, "session-secret"), `${"s".repeat(48)}\n`);

    const res = await backUp(owner);
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made.backup.name).toMatch(BACKUP_NAME);
    expect(made.databaseIncluded).toBe(embedded);
    expect(made.files).toBeGreaterThanOrEqual(1);
    expect(readdirSync(backupDir)).toEqual([made.backup.name]);
    const [audited] = await db.select().from(auditLog).where(eq(auditLog.action, "backup.create"));
    expect(audited).toMatchObject({ actor: "owner", subject: made.backup.name });

    const fresh = join(temp("restore"), "data");
    const restored = await restoreBackup({
      archive: join(backupDir, made.backup.name),
      dataDir: fresh,
      storage: (dir) => localStorage(dir),
      databaseUrl: embedded ? undefined : "postgresql://elsewhere/db",
    });
    expect(restored.files).toBe(made.files);
    expect(await localStorage(fresh).get("library/backup-manual/v1.pdf")).toEqual(PDF);
    expect((await readFile(join(fresh, "session-secret"), "utf8")).trim()).toBe("s".repeat(48));
    if (!embedded) {
      expect(restored.database).toBe("not in the archive");
      return;
    }
    expect(restored.database).toBe("restored");

    // A new instance on the restored directory, as the next `npm start` would open it.
    const database = await openDatabase({ dataDir: pgliteDir(fresh) });
    await database.migrate();
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: fresh, PUBLIC_URL: SITE_ORIGIN, LOG_LEVEL: "silent" });
    const app = await buildApp({ env, db: database.db, logger: false });
    try {
      await app.ready();
      const rows = await database.db.select().from(documents).where(eq(documents.id, "backup-manual"));
      expect(rows).toHaveLength(1);
      const stored = await app.storage.get(rows[0]?.storageKey ?? "");
      expect(stored).toEqual(PDF);
      const enrollment = await database.db.query.enrollments.findFirst({
        where: (row, { eq: equals }) => equals(row.id, enrollmentId),
      });
      expect(enrollment?.email).toBe("kept@example.fj");
      const [payment] = await database.db
        .select()
        .from(walletPayments)
        .where(eq(walletPayments.reference, "BACKUP-TEST-1"));
      expect(payment).toMatchObject({ amountCents: 5000, status: "completed" });
      expect((await readSettings(database.db)).vatPercent).toBe(15);
      // The owner signs in on the restored site, and a backup can be made there at once (no lease was copied).
      // Same account, same authenticator and recovery codes as when the backup was made.
      const factors = staffFactors(t.app, OWNER.username);
      if (factors) rememberStaffFactors(app, OWNER.username, factors);
      const signedIn = await signIn(app, OWNER);
      expect(signedIn.status).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("refuses a DATA_DIR that is not empty, or one a server is running on, and a file that is no backup", async () => {
    const [newest] = (await t.app.backups.source.target.list()) ?? [];
    if (!newest) throw new Error("no backup yet");
    const archive = join(backupDir, newest.name);
    const storage = (dir: string) => localStorage(dir);

    const used = temp("used");
    writeFileSync(join(used, "notes.txt"), "keep me");
    await expect(restoreBackup({ archive, dataDir: used, storage })).rejects.toThrow(
      /is not empty\. A restore only fills an empty DATA_DIR/,
    );
    expect(readdirSync(used)).toEqual(["notes.txt"]);

    const running = temp("running");
    writeFileSync(join(running, "server.pid"), `${process.ppid}\n`);
    await expect(restoreBackup({ archive, dataDir: running, storage })).rejects.toThrow(
      /A server is running on .*Stop it first/,
    );

    const junk = join(temp("junk"), "not-a-backup.tar.gz");
    writeFileSync(junk, "these are not the bytes of an archive");
    const empty = join(temp("empty"), "data");
    await expect(restoreBackup({ archive: junk, dataDir: empty, storage })).rejects.toThrow(
      /is not a readable backup archive/,
    );
    expect(() => readdirSync(empty)).toThrow(); // still absent: nothing half-restored
  });

  it("keeps 14: the 15th backup deletes the oldest", async () => {
    const before = readdirSync(backupDir).filter((name) => BACKUP_NAME.test(name));
    const start = Date.UTC(2026, 0, 1);
    const older = Array.from({ length: 14 - before.length }, (_, day) =>
      backupName(new Date(start + day * 86_400_000), "0000"),
    );
    for (const name of older) writeFileSync(join(backupDir, name), "older archive");
    expect(readdirSync(backupDir).filter((name) => BACKUP_NAME.test(name))).toHaveLength(14);

    const res = await backUp(owner);
    expect(res.statusCode).toBe(201);
    const after = readdirSync(backupDir).filter((name) => BACKUP_NAME.test(name));
    expect(after).toHaveLength(14);
    expect(after).not.toContain(older[0]);
    expect(after).toContain(older[1]);
    expect(after).toContain(res.json().backup.name);
    // Nothing half-made is left beside them.
    expect(readdirSync(backupDir).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("lists and serves backups to the owner only", async () => {
    expect((await backUp(staff)).statusCode).toBe(403);
    expect((await backUp(staff)).json().message).toBe("Only an owner can do this.");
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/backups" });
    expect(anonymous.statusCode).toBe(401);

    const list = await t.app.inject({ method: "GET", url: "/api/admin/backups", headers: { cookie: owner } });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({
      location: "directory",
      where: resolve(backupDir),
      dataDir: resolve(dataDir),
      database: embedded ? "pglite" : "postgres",
      kept: 14,
    });
    expect(body.backups).toHaveLength(14);
    const newest = body.backups[0];

    const download = await t.app.inject({
      method: "GET",
      url: `/api/admin/backups/${newest.name}`,
      headers: { cookie: owner },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/gzip");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${newest.name}"`);
    expect(download.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const forStaff = await t.app.inject({
      method: "GET",
      url: `/api/admin/backups/${newest.name}`,
      headers: { cookie: staff },
    });
    expect(forStaff.statusCode).toBe(403);
    for (const name of ["..%2F..%2Fetc%2Fpasswd", "rpas-backup-2026-01-01T000000000Z-zzzz.tar.gz"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/admin/backups/${name}`,
        headers: { cookie: owner },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it("answers `npm run backup` only with the token, from this machine, not through a proxy", async () => {
    const token = (await readFile(join(dataDir, "backup-token"), "utf8")).trim();
    const { statSync } = await import("node:fs");
    expect(statSync(join(dataDir, "backup-token")).mode & 0o777).toBe(0o600);
    const call = (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
      t.app.inject({ method: "POST", url: "/api/backups/local", headers, remoteAddress });

    for (const [status, refused] of [
      [401, call({})],
      [401, call({ authorization: "Bearer wrong-token" })],
      [403, call({ authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.9" })],
      [403, call({ authorization: `Bearer ${token}` }, "203.0.113.9")],
    ] as const) {
      const res = await refused;
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(
        status === 401 ? /backup token is missing or wrong/ : /own machine only/,
      );
    }
    const res = await call({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(201);
    expect(res.json().backup.name).toMatch(BACKUP_NAME);
  });

  it("makes one backup at a time: a second asks to try again later", async () => {
    const { tryLease, releaseLease } = await import("../../server/platform/job-lease");
    expect(await tryLease(t.database.db, "backup", "another-instance", 60_000)).toBe(true);
    try {
      const res = await backUp(owner);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("A backup is already being made. Try again in a few minutes.");
    } finally {
      await releaseLease(t.database.db, "backup", "another-instance");
    }
  });

  it("makes the daily backup when the newest is a day old, not before", async () => {
    const { backUpIfDue } = await import("../../server/platform/backup");
    const source = t.app.backups.source;
    expect(await backUpIfDue(source)).toBe(false);
    expect(await backUpIfDue(source, new Date(Date.now() + 24 * 3_600_000))).toBe(true);
    const [newest] = await source.target.list();
    expect(new Date(newest?.createdAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });
});
