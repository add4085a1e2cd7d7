import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { type AppOptions, buildApp } from "../../server/app";
import { type Database, openDatabase, openScratchSchema } from "../../server/db/client";
import { parseEnv } from "../../server/env";
import { loadSitePages } from "../../server/platform/site-pages";
import type { LogStream } from "../../server/plugins/logging";

export const distDir = process.env.DIST_DIR ?? fileURLToPath(new URL("../../dist", import.meta.url));
export const clientDir = join(distDir, "client");
export const siteIsBuilt = existsSync(join(clientDir, "index.html"));

export const SITE_ORIGIN = "https://rpas.example.test";
/** The payments sandbox runs only on loopback addresses (server/env.ts), so its tests serve the site here. */
export const SANDBOX_ORIGIN = "http://127.0.0.1:5000";

/** What a browser on the site itself sends with every POST: the CSRF guard (server/plugins/csrf.ts) asks for it. */
export const sameSite = { origin: SITE_ORIGIN } as const;
/** What a page on another site sends: the CSRF guard refuses it. */
export const CROSS_SITE = { origin: "https://evil.example" } as const;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== "postgres") {
    // Starting from the migrated snapshot skips initdb, which costs seconds per file.
    const snapshot = new Blob([readFileSync(inject("pgliteSnapshot"))]);
    const pglite = new PGlite({ loadDataDir: snapshot });
    return { database: await openDatabase({ pglite }), drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return openScratchSchema(url, "test");
}

export interface TestAppOptions {
  site?: boolean;
  env?: Record<string, string>;
  /** Receives the app's log lines (at LOG_LEVEL info unless env sets it); otherwise nothing is logged. */
  logStream?: LogStream;
  /** Stand-ins for Stripe, the wallet, Sheets or OIDC instead of what env configures (null: not configured). */
  integrations?: AppOptions["integrations"];
  /** Another file store instead of what env configures (an S3 fake, a store that fails). */
  storage?: AppOptions["storage"];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rpas-test-")),
    PUBLIC_URL: SITE_ORIGIN,
    LOG_LEVEL: options.logStream ? "info" : "silent",
    // Tests sign in faster than people do: the cap on password checks (ADR 050) is tested where it is set.
    ADMIN_PASSWORD_CHECKS_PER_SECOND: "1000",
    ...options.env,
  });
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const site = options.site ? { clientDir, pages: loadSitePages(clientDir, env.PUBLIC_URL) } : undefined;
  const app = await buildApp({
    env,
    db: database.db,
    site,
    logger: false,
    logStream: options.logStream,
    integrations: options.integrations,
    storage: options.storage,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
      await database.close();
    },
  };
}

/**
 * An app for the surrounding describe (or file): built in beforeAll, closed in afterAll. The object is handed back
 * at once and filled in when the app starts, so tests read `t.app` and `t.database` as with createTestApp.
 * Options given as a function are read when the app starts, after earlier beforeAll hooks (a fake server's URL).
 */
export function withTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof options === "function" ? options() : options));
  });
  afterAll(async () => {
    // Absent when beforeAll failed; vitest reports that failure, not this one.
    await t.close?.();
  });
  return t;
}

/** A POST as the site's own pages send it: same-site Origin; `headers` add to it or replace it. */
export function postFromSite(
  app: FastifyInstance,
  url: string,
  payload?: object | string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...sameSite, ...headers },
  });
}

/** While an outside service holds its answer, the rest of the site still answers: /api/health and an application. */
export async function expectSiteStillAnswers(
  app: FastifyInstance,
  applicant: { firstName: string; lastName: string; email: string },
) {
  const health = await app.inject({ method: "GET", url: "/api/health" });
  expect(health.statusCode).toBe(200);
  const enrollment = await postFromSite(app, "/api/enrollment/basic", {
    ...applicant,
    phone: "+679 990 1234",
    highestEducation: "bachelor",
    hasDroneExperience: false,
  });
  expect(enrollment.statusCode).toBe(201);
}
