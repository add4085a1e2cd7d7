// `npm run restore <archive>`: fills an EMPTY DATA_DIR from a backup while no server runs on it. Everything is put
// together in a sibling directory first and renamed into place at the end, so a restore that fails half-way
// leaves DATA_DIR as empty as it was (and can simply be run again).
import { createReadStream } from "node:fs";
import { copyFile, mkdtemp, readdir, readFile, rename, rm, rmdir, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteDir } from "../db/client";
import {
  BackupArchiveError,
  DATABASE_DUMP,
  type Manifest,
  SESSION_SECRET_FILE,
  unpackBackup,
} from "./backup-archive";
import { embeddedDatabaseInUse } from "./instance-lock";
import type { FileStorage } from "./storage";

export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** DATABASE_URL: the database is PostgreSQL's, restored with pg_restore, not from the archive. */
  databaseUrl?: string;
  /** Where the files go, given the directory being filled (local storage under it, or the S3 store). */
  storage: (dataDir: string) => FileStorage | Promise<FileStorage>;
}

export interface RestoreResult {
  manifest: Manifest;
  files: number;
  database: "restored" | "not in the archive";
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(relative(dir, path).split(sep).join("/"));
    }
  };
  await walk(dir);
  return found.sort();
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  if (embeddedDatabaseInUse(dataDir)) {
    throw new RestoreRefusedError(`A server is running on ${dataDir}. Stop it first, then restore.`);
  }
  if (!(await isEmptyOrAbsent(dataDir))) {
    throw new RestoreRefusedError(
      `${dataDir} is not empty. A restore only fills an empty DATA_DIR: move the old one aside (or point DATA_DIR at a new directory) and run it again.`,
    );
  }
  const archiveInfo = await stat(options.archive).catch(() => null);
  if (!archiveInfo?.isFile()) throw new RestoreRefusedError(`There is no archive at ${options.archive}.`);

  const parent = dirname(dataDir);
  const unpacked = await mkdtemp(join(parent, `.${basename(dataDir)}-unpacked-`));
  const building = await mkdtemp(join(parent, `.${basename(dataDir)}-restoring-`));
  try {
    const manifest = await unpackBackup(options.archive, unpacked);
    if (manifest.databaseIncluded && options.databaseUrl) {
      throw new RestoreRefusedError(
        "This archive holds the embedded database, but DATABASE_URL is set: unset it to restore onto the embedded database.",
      );
    }

    // Files first, into the store DATA_DIR will use (local: under the directory being built).
    const storage = await options.storage(building);
    const fileRoot = join(unpacked, "files");
    const keys = await filesUnder(fileRoot);
    for (const key of keys) {
      await storage.putStream(
        key,
        createReadStream(join(fileRoot, ...key.split("/"))),
        "application/octet-stream",
      );
    }

    if (manifest.sessionSecret) {
      await copyFile(join(unpacked, SESSION_SECRET_FILE), join(building, SESSION_SECRET_FILE));
    }

    let database: RestoreResult["database"] = "not in the archive";
    if (manifest.databaseIncluded) {
      const dump = await readFile(join(unpacked, DATABASE_DUMP));
      const pglite = new PGlite(pgliteDir(building), { loadDataDir: new Blob([dump]) });
      try {
        // Leases belonged to processes that are gone: a copied "backup" lease would hold the next backup off.
        await pglite.exec(
          "DO $$ BEGIN IF to_regclass('job_leases') IS NOT NULL THEN DELETE FROM job_leases; END IF; END $$",
        );
      } finally {
        await pglite.close();
      }
      database = "restored";
    }

    // The last step makes it all appear at once.
    await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(building, dataDir);
    return { manifest, files: keys.length, database };
  } catch (error) {
    if (error instanceof BackupArchiveError) throw new RestoreRefusedError(error.message);
    throw error;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    await rm(building, { recursive: true, force: true });
  }
}
