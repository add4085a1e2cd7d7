// Production entry: parse the environment, open and migrate the database, load the built site, listen.
// `npm run build` compiles it to dist/server/index.js, which `npm start` runs with plain node (ADR 039).
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { INITIAL_PGLITE_DATA, openDatabase, pgliteDir, pingDatabase } from "./db/client";
import { ConfigError, parseEnv } from "./env";
import { SheetsError } from "./integrations/google-sheets";
import { embeddedDatabaseInUse, holdEmbeddedDatabase } from "./platform/instance-lock";
import { quickPage, recompressInTurn } from "./platform/live-pages";
import { makePrivateDir } from "./platform/private-files";
import { startRepeatingTask } from "./platform/repeating-task";
import { resolveSessionSecret } from "./platform/session-secret";
import { loadSitePages, type Page } from "./platform/site-pages";
import { builtAt, startPhases } from "./platform/start-phases";
import { AccountError, staffAccountsAtStart } from "./staff/accounts";

/** The built site: DIST_DIR, else dist/ (this file is dist/server/index.js once compiled, server/index.ts under tsx). */
const distDir =
  process.env.DIST_DIR ??
  fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? "../dist" : "..", import.meta.url));

async function main(): Promise<void> {
  // Every module is loaded (ESM evaluates imports first): the first phase of the start is over.
  const phases = startPhases(performance.now(), undefined, builtAt());
  const env = parseEnv();
  // Owner-only before anything is written there; a data directory from an older version is tightened (ADR 053).
  const consoleLog = { info: console.info, warn: console.warn };
  await makePrivateDir(env.DATA_DIR, { log: consoleLog, what: "DATA_DIR" });
  const sessionSecret = resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR);
  if (!env.DATABASE_URL && embeddedDatabaseInUse(env.DATA_DIR)) {
    throw new ConfigError(`Another server is already running on the embedded database in ${env.DATA_DIR}.`);
  }
  const release = env.DATABASE_URL ? () => {} : holdEmbeddedDatabase(env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: pgliteDir(env.DATA_DIR),
    // Made by the build beside the compiled server (scripts/lib/build-server.ts); absent under tsx.
    initialData: fileURLToPath(new URL(INITIAL_PGLITE_DATA, import.meta.url)),
    fileLog: consoleLog,
  });
  await pingDatabase(database.db);
  phases.mark("database");
  await database.migrate();
  phases.mark("migrations");
  // ADMIN_USERNAME creates its account when missing and never changes an existing one (ADR 050).
  for (const line of await staffAccountsAtStart(database.db, env)) console.info(line);

  const serveSite = process.env.SERVE_SITE !== "false";
  const clientDir = join(distDir, "client");
  // Pages compressed quickly when first asked for, and at the best level once the server answers (ADR 039).
  const quick: Page[] = [];
  const quickly = (text: string) => {
    const page = quickPage(text);
    quick.push(page);
    return page;
  };
  const site = serveSite
    ? { clientDir, pages: loadSitePages(clientDir, env.PUBLIC_URL, quickly) }
    : undefined;
  phases.mark("site");
  const app = await buildApp({ env, db: database.db, site, sessionSecret, startOutbox: true });
  phases.mark("app");
  const { keepFilesPrivate } = database;
  if (keepFilesPrivate) {
    // PGlite writes new files (tables, WAL segments) 0666; the 0700 directory keeps them private meanwhile.
    startRepeatingTask(
      app,
      { firstAfterMs: 60_000, intervalMs: 10 * 60_000, failure: "embedded database file modes not checked" },
      keepFilesPrivate,
    );
  }

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
  phases.mark("listening");
  app.log.info(`Serving ${env.PUBLIC_URL} (database: ${database.driver})`);
  // The first page answered: the end of the start as a visitor sees it (the site's pages are served from memory).
  if (site) {
    const first = await app.inject({ method: "GET", url: "/" });
    phases.mark("first page");
    app.log.info({ phases: phases.seconds(), firstStatus: first.statusCode }, phases.summary());
    void recompressInTurn(quick);
  } else app.log.info({ phases: phases.seconds() }, phases.summary());
}

main().catch((error: unknown) => {
  if (error instanceof AccountError) console.error(`ADMIN_USERNAME/ADMIN_PASSWORD: ${error.message}`);
  else if (error instanceof SheetsError) console.error(`Google Sheets configuration: ${error.message}`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
