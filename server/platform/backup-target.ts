// Where backup archives are kept: BACKUP_DIR (default: DATA_DIR's sibling "<DATA_DIR>-backups", so a lost or
// wiped DATA_DIR does not take its backups with it), or, on an S3 store with BACKUP_DIR unset, the store itself
// under backups/. Both keep an archive whole or not at all: a half-written one is never listed.
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, stat, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { BACKUP_NAME, type Backup } from "../../shared/backups";
import type { FileStorage } from "./storage";

export interface BackupTarget {
  readonly location: "directory" | "store";
  /** Where the archives are, as the owner's Backups view shows it: the folder's path, or the store's address. */
  readonly where: string;
  /** Where archives are put together before they are saved: on the target's own disk when it has one. */
  readonly stagingDir: string;
  /** Every archive, newest first. */
  list(): Promise<Backup[]>;
  /** Moves the finished archive at `path` into place under `name`. */
  save(name: string, path: string): Promise<void>;
  delete(name: string): Promise<void>;
  open(name: string): Promise<{ stream: Readable; byteSize: number } | null>;
}

/** The default BACKUP_DIR: beside DATA_DIR, never inside it. */
export const defaultBackupDir = (dataDir: string) => `${resolve(dataDir)}-backups`;

/** When an archive was made, read from its name (both targets list names; only the disk keeps reliable times). */
export function backupCreatedAt(name: string): Date {
  const [, date, hh, mm, ss, ms] =
    /^rpas-backup-(\d{4}-\d{2}-\d{2})T(\d\d)(\d\d)(\d\d)(\d{3})Z/.exec(name) ?? [];
  return new Date(`${date}T${hh}:${mm}:${ss}.${ms}Z`);
}

/** A new archive's name: its time to the millisecond and a random tail, so names sort by age and never collide. */
export function backupName(now: Date, random: string): string {
  const stamp = now
    .toISOString()
    .replace(/[-:.]/g, "")
    .replace(/^(\d{4})(\d\d)(\d\d)/, "$1-$2-$3");
  return `rpas-backup-${stamp}-${random}.tar.gz`;
}

const newestFirst = (a: Backup, b: Backup) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0);

export function directoryTarget(dir: string): BackupTarget {
  const pathOf = (name: string) => {
    if (!BACKUP_NAME.test(name)) throw new Error(`Not a backup name: ${name.slice(0, 100)}`);
    return join(dir, name);
  };
  return {
    location: "directory",
    where: dir,
    stagingDir: dir,
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const backups: Backup[] = [];
      for (const name of names.filter((entry) => BACKUP_NAME.test(entry))) {
        const info = await stat(join(dir, name)).catch(() => null);
        if (info?.isFile()) backups.push({ name, byteSize: info.size, createdAt: backupCreatedAt(name) });
      }
      return backups.sort(newestFirst);
    },
    async save(name, path) {
      const handle = await open(path, "r");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(path, pathOf(name));
      const dirHandle = await open(dir, "r").catch(() => null);
      await dirHandle?.sync().catch(() => {});
      await dirHandle?.close();
    },
    async delete(name) {
      await unlink(pathOf(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
    async open(name) {
      if (!BACKUP_NAME.test(name)) return null;
      const info = await stat(pathOf(name)).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(pathOf(name)), byteSize: info.size };
    },
  };
}

const PREFIX = "backups/";

export function storeTarget(storage: FileStorage): BackupTarget {
  return {
    location: "store",
    where: `${storage.where ?? "the file store"}/${PREFIX}`,
    stagingDir: tmpdir(),
    async list() {
      const files = await storage.list(PREFIX);
      return files
        .map((file) => ({ name: file.key.slice(PREFIX.length), byteSize: file.byteSize }))
        .filter(({ name }) => BACKUP_NAME.test(name))
        .map((backup) => ({ ...backup, createdAt: backupCreatedAt(backup.name) }))
        .sort(newestFirst);
    },
    async save(name, path) {
      // putStream stores the whole archive or nothing; the staged copy goes either way.
      try {
        await storage.putStream(`${PREFIX}${name}`, createReadStream(path), "application/gzip");
      } finally {
        await unlink(path).catch(() => {});
      }
    },
    async delete(name) {
      if (BACKUP_NAME.test(name)) await storage.delete(`${PREFIX}${name}`);
    },
    async open(name) {
      return BACKUP_NAME.test(name) ? storage.getStream(`${PREFIX}${name}`) : null;
    },
  };
}

/** BACKUP_DIR when set; else the store on S3; else the directory beside DATA_DIR. */
export async function backupTarget(
  env: { DATA_DIR: string; BACKUP_DIR?: string },
  storage: FileStorage,
): Promise<BackupTarget> {
  if (!env.BACKUP_DIR && storage.kind === "s3") return storeTarget(storage);
  const dir = env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : defaultBackupDir(env.DATA_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return directoryTarget(dir);
}
