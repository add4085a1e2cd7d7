// Production entry: parse the environment, open and migrate the database, load the built site, listen.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { openDatabase, pgliteDir } from "./db/client";
import { ConfigError, parseEnv } from "./env";
import { SheetsError } from "./integrations/google-sheets";
import { embeddedDatabaseInUse, holdEmbeddedDatabase } from "./platform/instance-lock";
import { resolveSessionSecret } from "./platform/session-secret";
import { loadSitePages } from "./platform/site-pages";
import { AccountError, ensureAdminFromEnv, ensureOwner } from "./staff/accounts";

async function main(): Promise<void> {
  const env = parseEnv();
  const sessionSecret = resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR);
  if (!env.DATABASE_URL && embeddedDatabaseInUse(env.DATA_DIR)) {
    throw new ConfigError(`Another server is already running on the embedded database in ${env.DATA_DIR}.`);
  }
  const release = env.DATABASE_URL ? () => {} : holdEmbeddedDatabase(env.DATA_DIR);
  const database = openDatabase({ url: env.DATABASE_URL, dataDir: pgliteDir(env.DATA_DIR) });
  await database.migrate();
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const outcome = await ensureAdminFromEnv(database.db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    if (outcome !== "unchanged")
      console.info(`Staff account '${env.ADMIN_USERNAME}' ${outcome} from ADMIN_USERNAME.`);
  }
  const promoted = await ensureOwner(database.db);
  if (promoted) console.info(`Staff account '${promoted}' is now an owner: the site had none.`);

  const serveSite = process.env.SERVE_SITE !== "false";
  const clientDir = join(
    process.env.DIST_DIR ?? fileURLToPath(new URL("../dist", import.meta.url)),
    "client",
  );
  const site = serveSite ? { clientDir, pages: loadSitePages(clientDir, env.PUBLIC_URL) } : undefined;
  const app = await buildApp({ env, db: database.db, site, sessionSecret, startOutbox: true });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Serving ${env.PUBLIC_URL} (database: ${database.driver})`);
}

main().catch((error: unknown) => {
  if (error instanceof AccountError) console.error(`ADMIN_USERNAME/ADMIN_PASSWORD: ${error.message}`);
  else if (error instanceof SheetsError) console.error(`Google Sheets configuration: ${error.message}`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
