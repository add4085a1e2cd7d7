// Backups (issue 16): one archive of the embedded database and every stored file, made daily by the server and on
// demand. The contract of the owner's Backups view and of `npm run backup`.
import * as z from "zod/mini";
import { timestamp } from "./wire";

/** How many archives are kept; the oldest beyond these are deleted after each new one. */
export const BACKUPS_KEPT = 14;

/** Archive names as the server makes them ("rpas-backup-2026-11-26T063331Z-1a2b.tar.gz"): nothing else is served. */
export const BACKUP_NAME = /^rpas-backup-\d{4}-\d{2}-\d{2}T\d{6}\d{3}Z-[0-9a-f]{4}\.tar\.gz$/;

export const BackupSchema = z.object({
  name: z.string(),
  byteSize: z.number(),
  createdAt: timestamp,
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupListSchema = z.object({
  backups: z.array(BackupSchema),
  /** "directory": BACKUP_DIR on this machine; "store": the S3 store under backups/. */
  location: z.enum(["directory", "store"]),
  /** The folder's absolute path, or the store's address ending in backups/, as the server uses it. */
  where: z.string(),
  /** The server's DATA_DIR (absolute), which a restore fills: the view's restore steps name it. */
  dataDir: z.string(),
  /** "pglite": the archives hold the database; "postgres": files only (the database is PostgreSQL's to back up). */
  database: z.enum(["pglite", "postgres"]),
  kept: z.number(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const BackupMadeSchema = z.object({
  backup: BackupSchema,
  files: z.number(),
  databaseIncluded: z.boolean(),
});
export type BackupMade = z.infer<typeof BackupMadeSchema>;

export const BACKUP_BUSY = "A backup is already being made. Try again in a few minutes.";
