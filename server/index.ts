// Production entry: parse the environment, open and migrate the database, load the built site, listen.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { openDatabase, pgliteDir } from "./db/client";
import { ConfigError, parseEnv } from "./env";
import { resolveSessionSecret } from "./services/session-secret";
import { loadSitePages } from "./services/site-pages";

async function main(): Promise<void> {
  const env = parseEnv();
  resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR);
  const database = openDatabase({ url: env.DATABASE_URL, dataDir: pgliteDir(env.DATA_DIR) });
  await database.migrate();

  const serveSite = process.env.SERVE_SITE !== "false";
  const clientDir = join(
    process.env.DIST_DIR ?? fileURLToPath(new URL("../dist", import.meta.url)),
    "client",
  );
  const site = serveSite ? { clientDir, pages: loadSitePages(clientDir, env.PUBLIC_URL) } : undefined;
  const app = await buildApp({ env, db: database.db, site, startOutbox: true });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Serving ${env.PUBLIC_URL} (database: ${database.driver})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
