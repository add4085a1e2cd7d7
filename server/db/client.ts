// One database interface over two drivers: embedded PGlite (files under DATA_DIR, no setup) by default, or a real
// PostgreSQL through node-postgres when DATABASE_URL is set (production, several app instances). node-postgres is
// loaded only then: a server on PGlite does not wait for it at start (ADR 039).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { PRIVATE_DIR_MODE, type PrivateFilesLog, tightenTree } from "../platform/private-files";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Makes the embedded database's files owner-only again: PGlite writes them 0666 whatever the umask. Run after
   * migrations and close, and from time to time while the server runs (new tables, WAL segments); absent on
   * PostgreSQL and in memory.
   */
  keepFilesPrivate?: () => Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
/** The migrated empty database the build puts beside the compiled server, relative to it. */
export const INITIAL_PGLITE_DATA = "./pglite-initial.tar.gz";

// Arbitrary constant: instances starting together take turns applying migrations.
const MIGRATION_LOCK_ID = 7_310_001;

export interface DatabaseOptions {
  /** postgres:// URL; absent means PGlite. */
  url?: string;
  /** PGlite data directory; absent means in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use instead of public (tests isolate each file in its own). */
  searchPath?: string;
  /** An already-open PGlite (tests start from a migrated snapshot instead of running initdb each time). */
  pglite?: PGlite;
  /**
   * A PGlite data directory archive (dumpDataDir) to start from when `dataDir` holds no database yet: the build makes
   * one with every migration applied, so a first start skips initdb (ADR 039). Ignored when the file is absent.
   */
  initialData?: string;
  /** Where a volume that refuses file modes is warned about; by default the console. */
  fileLog?: PrivateFilesLog;
}

/**
 * PGlite's own start parameters, with PostgreSQL's shared buffers at 32 MB instead of 128 MB, for every PGlite this
 * module opens (the app's, in memory in tests and benchmarks, or in DATA_DIR). PGlite clears its buffer pool in
 * WebAssembly as it opens: about 0.1 s of every start for 128 MB. The site's whole database, catalogs included, is a
 * few tens of MB, and a read that misses the pool goes to the operating system's file cache.
 */
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.searchPath);
  if (options.pglite) return wrapPglite(options.pglite);
  if (!options.dataDir) return wrapPglite(new PGlite(PGLITE_OPTIONS));
  const { dataDir } = options;
  const fresh = !existsSync(join(dataDir, "PG_VERSION"));
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const loadDataDir =
    fresh && options.initialData && existsSync(options.initialData)
      ? new Blob([readFileSync(options.initialData)])
      : undefined;
  const client = new PGlite(dataDir, { ...PGLITE_OPTIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  // PGlite's own files are expected to come out 0666: only a refusal is worth a line.
  const log = options.fileLog ?? { info: () => {}, warn: (message: string) => console.warn(message) };
  const keepFilesPrivate = async () => {
    await tightenTree(dataDir, { log: { info: () => {}, warn: log.warn }, what: "embedded database" });
  };
  // The server migrates right after opening, and tightens then (one walk of about a thousand files, not two).
  return wrapPglite(client, keepFilesPrivate);
}

function wrapPglite(client: PGlite, keepFilesPrivate?: () => Promise<void>): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await keepFilesPrivate?.();
    },
    close: async () => {
      await client.close();
      await keepFilesPrivate?.();
    },
    ...(keepFilesPrivate ? { keepFilesPrivate } : {}),
  };
}

async function openPostgres(url: string, searchPath?: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: "postgres",
    migrate: async () => {
      const client = await pool.connect();
      try {
        if (searchPath) await client.query(`CREATE SCHEMA IF NOT EXISTS "${searchPath}"`);
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg({ client, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
            ...(searchPath ? { migrationsSchema: searchPath } : {}),
          });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export function pgliteDir(dataDir: string): string {
  return join(dataDir, "pglite");
}

/**
 * A database in a fresh schema of its own on the PostgreSQL at `url` (tests and benchmarks share one server);
 * `drop` removes the schema and everything in it.
 */
export async function openScratchSchema(
  url: string,
  prefix: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const schemaName = `${prefix}_${randomBytes(6).toString("hex")}`;
  const database = await openDatabase({ url, searchPath: schemaName });
  return {
    database,
    drop: async () => {
      await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
    },
  };
}
