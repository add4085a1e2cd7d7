// npm run restore -- <archive>: with the server stopped, fills an EMPTY DATA_DIR from a backup archive (the
// database, the stored files and the generated session secret); the next `npm start` finds everything.
// Uses the same configuration as the server (DATA_DIR; S3_URL puts the files back into that store).
import { ConfigError, parseEnv } from "../server/env";
import { RestoreRefusedError, restoreBackup } from "../server/platform/backup-restore";
import { storageFromEnv } from "../server/platform/storage-plugin";

const USAGE =
  "Usage: npm run restore -- <archive.tar.gz>   (with the server stopped, into an empty DATA_DIR)";

async function main(): Promise<number> {
  const [archive, ...rest] = process.argv.slice(2);
  if (!archive || rest.length > 0 || archive.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  try {
    const result = await restoreBackup({
      archive,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      storage: (dataDir) => storageFromEnv({ ...env, DATA_DIR: dataDir }),
    });
    const made = result.manifest.createdAt;
    console.info(
      `Restored the backup of ${made} into ${env.DATA_DIR}: ${result.files} ${result.files === 1 ? "file" : "files"}.`,
    );
    if (result.database === "restored")
      console.info("The embedded database is restored; start the server with npm start.");
    else
      console.info(
        "This archive holds files only: restore the PostgreSQL database from its own backup (pg_restore).",
      );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
