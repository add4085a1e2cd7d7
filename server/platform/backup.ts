// Backups (docs/decisions/038-backups.md): the running server makes them, because on the embedded database it is
// the only process that may open it. One at a time across instances (a job lease), kept BACKUPS_KEPT deep, daily
// by itself and whenever the owner or `npm run backup` asks.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { BACKUPS_KEPT, type BackupMade } from "../../shared/backups";
import type { Db } from "../db/client";
import { packBackup, stageBackup } from "./backup-archive";
import { type BackupTarget, backupName } from "./backup-target";
import { releaseLease, tryLease } from "./job-lease";
import { startRepeatingTask } from "./repeating-task";
import type { FileStorage } from "./storage";

const LEASE = "backup";
/** Longer than any backup takes; a holder that died frees it after this. */
const LEASE_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily check runs hourly; a backup is due once the newest is this old (an hour's slack for the check). */
const DUE_AFTER_MS = DAY_MS - 60 * 60 * 1000;

/** Another backup is being made (here or on another instance). */
export class BackupBusyError extends Error {}

export interface BackupSource {
  db: Db;
  storage: FileStorage;
  dataDir: string;
  sessionSecretConfigured: boolean;
  target: BackupTarget;
}

/** Makes one archive and saves it whole, then deletes the oldest beyond BACKUPS_KEPT. */
export async function makeBackup(source: BackupSource, now = new Date()): Promise<BackupMade> {
  const name = backupName(now, randomBytes(2).toString("hex"));
  // Names starting with a dot are never listed as backups, so a crash mid-way leaves only ignorable leftovers.
  const staging = await mkdtemp(join(source.target.stagingDir, ".rpas-backup-staging-"));
  const archive = join(source.target.stagingDir, `.${name}.partial`);
  try {
    const manifest = await stageBackup(staging, source);
    await packBackup(staging, archive);
    await source.target.save(name, archive);
    const saved = (await source.target.list()).find((backup) => backup.name === name);
    if (!saved) throw new Error(`The backup ${name} was saved but is not listed`);
    await pruneBackups(source.target);
    return { backup: saved, files: manifest.files.count, databaseIncluded: manifest.databaseIncluded };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(archive, { force: true });
  }
}

export async function pruneBackups(target: BackupTarget, keep = BACKUPS_KEPT): Promise<string[]> {
  const stale = (await target.list()).slice(keep).map((backup) => backup.name);
  for (const name of stale) await target.delete(name);
  return stale;
}

/** makeBackup under the lease: BackupBusyError while another backup is under way. */
export async function backUpNow(source: BackupSource): Promise<BackupMade> {
  const holder = randomBytes(12).toString("hex");
  if (!(await tryLease(source.db, LEASE, holder, LEASE_MS))) throw new BackupBusyError();
  try {
    return await makeBackup(source);
  } finally {
    await releaseLease(source.db, LEASE, holder);
  }
}

/** The daily backup: made when the newest archive is about a day old (or there is none); answers whether it ran. */
export async function backUpIfDue(source: BackupSource, now = new Date()): Promise<boolean> {
  const holder = randomBytes(12).toString("hex");
  if (!(await tryLease(source.db, LEASE, holder, LEASE_MS))) return false;
  try {
    const [newest] = await source.target.list();
    if (newest && now.getTime() - new Date(newest.createdAt).getTime() < DUE_AFTER_MS) return false;
    await makeBackup(source, now);
    return true;
  } finally {
    await releaseLease(source.db, LEASE, holder);
  }
}

/** Checks hourly whether the daily backup is due; the newest archive's time survives restarts and instances. */
export function startBackupTimer(app: FastifyInstance, source: BackupSource): void {
  startRepeatingTask(
    app,
    { firstAfterMs: 5 * 60 * 1000, intervalMs: 60 * 60 * 1000, failure: "the daily backup failed" },
    async () => {
      if (await backUpIfDue(source)) app.log.info("daily backup made");
    },
  );
}
