// The intake lists with 200 intakes and 5,000 applications (bench-intakes-seed.ts): staff's list with fill and
// revenue, the public schedule, and the /schedule page that carries them, answered by the app in this process over an
// in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Each call runs a few
// times to warm up, then 50 times; the median and 95th percentile are reported with the SQL statements it made.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { type Database, type Db, openDatabase } from "../../server/db/client";
import { parseEnv } from "../../server/env";
import { loadSitePages } from "../../server/platform/site-pages";
import { createAdmin } from "../../server/staff/accounts";
import { APPLICATION_COUNT, INTAKE_COUNT, seedIntakeLoad } from "./bench-intakes-seed";

const ORIGIN = "http://127.0.0.1:5000";
const STAFF = { username: "bench", password: "quiet-harbour-lantern-42" };
export const INTAKE_RUNS = 50;
const WARM_UP = 5;

export interface IntakeTiming {
  call: string;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  /** SQL statements the database received for one request. */
  statements: number;
}

export interface IntakeBench {
  database: "PGlite" | "PostgreSQL";
  timings: IntakeTiming[];
}

/** Counts the statements sent through the database's client (PGlite, or node-postgres' pool). */
export function countStatements(db: Db): { count(): number; reset(): void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  let count = 0;
  client.query = (...args: unknown[]) => {
    count += 1;
    return query(...args);
  };
  return {
    count: () => count,
    reset: () => {
      count = 0;
    },
  };
}

/** In-memory PGlite, or a schema of its own in the PostgreSQL at `url` (dropped by close). */
async function openBenchDatabase(url?: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!url) return { database: openDatabase({ pglite: new PGlite() }), drop: async () => {} };
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const database = openDatabase({ url, searchPath: schema });
  return {
    database,
    drop: async () => {
      await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Call {
  call: string;
  url: string;
  staff?: boolean;
  /** Runs (unmeasured) before each request. */
  before?: () => Promise<unknown>;
}

async function measure(
  app: FastifyInstance,
  counter: ReturnType<typeof countStatements>,
  cookie: string,
  spec: Call,
  runs: number,
): Promise<IntakeTiming> {
  const headers = { "accept-encoding": "br, gzip", ...(spec.staff ? { cookie } : {}) };
  const times: number[] = [];
  let bytes = 0;
  let statements = 0;
  for (let run = -WARM_UP; run < runs; run++) {
    await spec.before?.();
    counter.reset();
    const started = performance.now();
    const res = await app.inject({ method: "GET", url: spec.url, headers });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${spec.url} answered ${res.statusCode}`);
    if (run < 0) continue;
    times.push(elapsed);
    bytes = res.rawPayload.length;
    statements = Math.max(statements, counter.count());
  }
  times.sort((a, b) => a - b);
  return {
    call: spec.call,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    bytes,
    statements,
  };
}

/** `clientDir`: the built site, to measure the /schedule page too (skipped when it is not built). */
export async function benchIntakes(options: { url?: string; clientDir?: string; runs?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "rpas-bench-intakes-"));
  const { database, drop } = await openBenchDatabase(options.url);
  try {
    await database.migrate();
    const env = parseEnv({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: "silent",
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
    });
    const built = options.clientDir && existsSync(join(options.clientDir, "index.html"));
    const site =
      built && options.clientDir
        ? { clientDir: options.clientDir, pages: loadSitePages(options.clientDir, ORIGIN) }
        : undefined;
    const app = await buildApp({ env, db: database.db, logger: false, site });
    try {
      await createAdmin(database.db, STAFF.username, STAFF.password);
      const seeded = await seedIntakeLoad(database.db);
      const login = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: STAFF,
        headers: { origin: ORIGIN },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      // A staff write (closing or reopening one intake) drops the page's cached schedule, as any write does.
      const spare = seeded.upcomingIds.at(-1) ?? 0;
      let closed = false;
      const touch = async () => {
        const action = closed ? "reopen" : "close";
        closed = !closed;
        const res = await app.inject({
          method: "POST",
          url: `/api/admin/intakes/${spare}/${action}`,
          headers: { origin: ORIGIN, cookie },
        });
        if (res.statusCode !== 200) throw new Error(`${action} answered ${res.statusCode}`);
      };
      const calls: Call[] = [
        { call: "staff list: upcoming (the view's default)", url: "/api/admin/intakes", staff: true },
        { call: "staff list: all=true (history)", url: "/api/admin/intakes?all=true", staff: true },
        { call: "staff list: one course", url: "/api/admin/intakes?course=advanced", staff: true },
        { call: "public GET /api/intakes", url: "/api/intakes" },
        { call: "public GET /api/intakes?course=basic", url: "/api/intakes?course=basic" },
        ...(site
          ? [
              { call: "/schedule page (schedule re-read at most every 5 s)", url: "/schedule" },
              { call: "/schedule page right after a staff change", url: "/schedule", before: touch },
            ]
          : []),
      ];
      const counter = countStatements(database.db);
      const timings: IntakeTiming[] = [];
      for (const call of calls)
        timings.push(await measure(app, counter, cookie, call, options.runs ?? INTAKE_RUNS));
      return {
        database: database.driver === "postgres" ? "PostgreSQL" : "PGlite",
        timings,
      } satisfies IntakeBench;
    } finally {
      await app.close();
    }
  } finally {
    await drop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function intakesSection(benches: readonly IntakeBench[]): string {
  const rows = benches.flatMap((bench) =>
    bench.timings.map(
      (t) =>
        `| ${bench.database} | ${t.call} | ${t.medianMs.toFixed(1)} ms | ${t.p95Ms.toFixed(1)} ms | ${(t.bytes / 1024).toFixed(1)} KB | ${t.statements} |`,
    ),
  );
  return `## Intake lists with ${INTAKE_COUNT} intakes and ${APPLICATION_COUNT.toLocaleString("en")} applications

The staff intake list (fill and revenue per intake), the public schedule and the \`/schedule\` page, answered by the app
in process (\`app.inject\`, no network) over ${benches.map((b) => b.database).join(" and ")} seeded by scripts/lib/bench-intakes-seed.ts:
${INTAKE_COUNT} intakes of the three courses over the next 12 months (4 to 8 seats, various places, some with a deposit,
some closed or cancelled) and ${APPLICATION_COUNT.toLocaleString("en")} applications, 4,800 of them with a place (held, offered,
confirmed, waitlisted or ended) and about 1,000 course payments and refunds. Each call ran ${WARM_UP} times to warm up,
then ${INTAKE_RUNS} times; response sizes are as sent (brotli for the page, plain JSON for the API). Statements: the SQL
statements one request sent, staff's session check included. \`tests/api/intake-scale.test.ts\` asserts the counts, sums
and statement counts on the same data.

| Database | Call | Median | p95 | Response | Statements |
| --- | --- | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`;
}
