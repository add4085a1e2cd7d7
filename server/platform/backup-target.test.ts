import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BACKUP_NAME } from "../../shared/backups";
import { backupCreatedAt, backupName, defaultBackupDir, directoryTarget } from "./backup-target";

describe("backup archive names", () => {
  it("carry their time to the millisecond and sort by age", () => {
    const at = new Date("2026-11-26T06:33:31.045Z");
    const name = backupName(at, "1a2b");
    expect(name).toBe("rpas-backup-2026-11-26T063331045Z-1a2b.tar.gz");
    expect(name).toMatch(BACKUP_NAME);
    expect(backupCreatedAt(name)).toEqual(at);
    const later = backupName(new Date("2026-11-26T06:33:31.046Z"), "0000");
    expect([later, name].sort()).toEqual([name, later]);
  });

  it("default to a directory beside DATA_DIR, never inside it", () => {
    expect(defaultBackupDir("/srv/rpas/data/")).toBe("/srv/rpas/data-backups");
  });
});

describe("a backup directory", () => {
  it("lists only whole archives, newest first, and serves nothing else", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rpas-target-"));
    const older = backupName(new Date("2026-01-01T00:00:00.000Z"), "aaaa");
    const newer = backupName(new Date("2026-01-02T00:00:00.000Z"), "bbbb");
    for (const name of [older, newer, `.${newer}.partial`, "notes.txt"]) writeFileSync(join(dir, name), "x");
    const target = directoryTarget(dir);
    expect((await target.list()).map((backup) => backup.name)).toEqual([newer, older]);
    expect(await target.open("notes.txt")).toBeNull();
    expect(await target.open(`.${newer}.partial`)).toBeNull();
    await target.delete(older);
    expect((await target.list()).map((backup) => backup.name)).toEqual([newer]);
  });
});
