// One backup archive (tar.gz): manifest.json, database/pgdata.tar.gz (the embedded database's data directory as
// PGlite dumps it; absent on PostgreSQL), files/<key> (every stored file but the backups themselves) and
// session-secret (when the server generated it: staff two-factor secrets are sealed with a key derived from it,
// so a restore without it would lock every staff member with two-factor out).
import { createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import * as z from "zod";
// Read at build time into the compiled server, which may run from a DIST_DIR far from package.json (ADR 039).
import packageJson from "../../package.json" with { type: "json" };
import type { Db } from "../db/client";
import { keepPrivate } from "./private-files";
import { checkStorageKey, type FileStorage } from "./storage";

export const MANIFEST_FORMAT = "rpas-backup";
export const MANIFEST_VERSION = 1;
export const DATABASE_DUMP = "database/pgdata.tar.gz";
export const SESSION_SECRET_FILE = "session-secret";
/** Stored files under this prefix are the backups themselves (S3 target): never put inside a backup. */
const BACKUPS_PREFIX = "backups/";

export const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.number().int().min(1).max(MANIFEST_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  /** Which database the server ran on; only "pglite" puts it in the archive. */
  database: z.enum(["pglite", "postgres"]),
  databaseIncluded: z.boolean(),
  storage: z.enum(["local", "s3"]),
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  sessionSecret: z.boolean(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

const APP_VERSION = String(packageJson.version ?? "unknown");

/** The parts of a running PGlite a backup uses; node-postgres pools have neither. */
interface DumpablePglite {
  exec(query: string): Promise<unknown>;
  dumpDataDir(compression?: "gzip" | "none" | "auto"): Promise<Blob>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** The embedded database behind `db`, or null when it is PostgreSQL (drizzle keeps its client as $client). */
export function embeddedDatabaseOf(db: Db): DumpablePglite | null {
  const client = (db as unknown as { $client?: Partial<DumpablePglite> }).$client;
  return client &&
    typeof client.dumpDataDir === "function" &&
    typeof client._runExclusiveTransaction === "function"
    ? (client as DumpablePglite)
    : null;
}

/**
 * Dumps the database first, then copies the files: the library stores a file before the row naming it, so every
 * file a dumped row names is already there to copy (a file deleted in between is the one gap: its row is then
 * restored without its file, as after a crash between the two steps).
 */
export async function stageBackup(
  staging: string,
  source: { db: Db; storage: FileStorage; dataDir: string; sessionSecretConfigured: boolean },
): Promise<Manifest> {
  const pglite = embeddedDatabaseOf(source.db);
  if (pglite) {
    // A checkpoint first, so the copied data files are current and a restore replays little; the dump then waits
    // for any open transaction to end (the transaction lock) and holds off new queries while it copies.
    await pglite.exec("CHECKPOINT");
    const dump = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir("gzip"));
    await mkdir(join(staging, "database"), { recursive: true });
    await writeFile(join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
  }

  let count = 0;
  let bytes = 0;
  for (const file of await source.storage.list("")) {
    if (file.key.startsWith(BACKUPS_PREFIX)) continue;
    const stored = await source.storage.getStream(file.key);
    if (!stored) continue; // deleted since it was listed
    const path = join(staging, "files", ...checkStorageKey(file.key));
    await mkdir(dirname(path), { recursive: true });
    await pipeline(stored.stream, createWriteStream(path, { mode: 0o600 }));
    count += 1;
    bytes += stored.byteSize;
  }

  const secret = join(source.dataDir, SESSION_SECRET_FILE);
  const sessionSecret = !source.sessionSecretConfigured && existsSync(secret);
  if (sessionSecret) await copyFile(secret, join(staging, SESSION_SECRET_FILE));

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    createdAt: new Date().toISOString(),
    appVersion: APP_VERSION,
    database: pglite ? "pglite" : "postgres",
    databaseIncluded: pglite !== null,
    storage: source.storage.kind,
    files: { count, bytes },
    sessionSecret,
  };
  await writeFile(join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** tar, loaded at the first backup or restore rather than with the server (ADR 039). */
const loadTar = () => import("tar");

/** Packs a staged directory into `archive` (gzip). */
export async function packBackup(staging: string, archive: string): Promise<void> {
  const entries = ["manifest.json", "database", "files", SESSION_SECRET_FILE].filter((entry) =>
    existsSync(join(staging, entry)),
  );
  const tar = await loadTar();
  await tar.c({ gzip: true, cwd: staging, file: archive, portable: true }, entries);
  // tar writes the file with the umask's mode (0644 under 022); it holds the whole database and the session secret.
  await keepPrivate(archive);
}

export class BackupArchiveError extends Error {}

/**
 * Unpacks `archive` into the empty directory `into` and answers its manifest. tar refuses absolute paths and ".."
 * by itself (preservePaths is off); links are refused here, as a real archive never has them.
 */
export async function unpackBackup(archive: string, into: string): Promise<Manifest> {
  const tar = await loadTar();
  try {
    await tar.x({
      file: archive,
      cwd: into,
      strict: true,
      filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
    });
  } catch (error) {
    throw new BackupArchiveError(
      `${archive} is not a readable backup archive (${(error as Error).message}).`,
    );
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(into, "manifest.json"), "utf8"));
  } catch {
    throw new BackupArchiveError(`${archive} has no manifest.json: it is not a backup made by this site.`);
  }
  const parsed = ManifestSchema.safeParse(manifest);
  if (!parsed.success) {
    throw new BackupArchiveError(
      `${archive} has a manifest this version cannot read (made by a newer version, or not a backup of this site).`,
    );
  }
  return parsed.data;
}
