import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { type Database, type Db, openDatabase, openScratchSchema } from "../../server/db/client";
import { loadSitePages } from "../../server/platform/site-pages";
import { createAdmin } from "../../server/staff/accounts";
import { BENCH_STAFF, benchEnv, ORIGIN, staffCookie } from "./bench-dashboard";
import { APPLICATION_COUNT, INTAKE_COUNT, seedIntakeLoad } from "./bench-intakes-seed";

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
  /** Places and course payments seeded. */
  places: number;
  payments: number;
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
  if (!url) return { database: await openDatabase({ pglite: new PGlite() }), drop: async () => {} };
  return openScratchSchema(url, "bench");
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
    const env = benchEnv(dataDir, { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" });
    const built = options.clientDir && existsSync(join(options.clientDir, "index.html"));
    const site =
      built && options.clientDir
        ? { clientDir: options.clientDir, pages: loadSitePages(options.clientDir, ORIGIN) }
        : undefined;
    const app = await buildApp({ env, db: database.db, logger: false, site });
    try {
      await createAdmin(database.db, BENCH_STAFF.username, BENCH_STAFF.password);
      const seeded = await seedIntakeLoad(database.db);
      const cookie = await staffCookie(app);
      // A staff write (closing or reopening one intake) drops the page's cached schedule, as any write does.
      const spare = seeded.upcomingIds.at(-1) ?? 0;
      let closed = false;
      const touch = async () => {
        // First let the last filled page's background recompression (brotli 11, a few hundred ms of CPU) finish.
        await new Promise((done) => setTimeout(done, 500));
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
              {
                call: "/schedule page just after a staff change (re-rendered)",
                url: "/schedule",
                before: touch,
              },
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
        places: seeded.places,
        payments: seeded.payments,
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
  const first = benches[0];
  const n = (value: number) => value.toLocaleString("en");
  return `## Intake lists with ${INTAKE_COUNT} intakes and ${n(APPLICATION_COUNT)} applications

The staff intake list (fill and revenue per intake), the public schedule and the \`/schedule\` page, answered by the app
in process (\`app.inject\`, no network) over ${benches.map((b) => b.database).join(" and ")}, seeded by scripts/lib/bench-intakes-seed.ts
with ${INTAKE_COUNT} intakes of the three courses over the next 12 months (4 to 8 seats, seven places, half with a deposit,
some closed or cancelled) and ${n(APPLICATION_COUNT)} applications: ${n(first?.places ?? 0)} places (held, offered, confirmed,
waitlisted or ended) and ${n(first?.payments ?? 0)} course payments (card, M-PAiSA, bank, waived, failed, refunded). Each call ran
${WARM_UP} times to warm up, then ${INTAKE_RUNS} times. Responses are measured as sent to a browser that accepts brotli.
Statements: the SQL statements one request sent (staff's session check included), the same for any number of
intakes; \`tests/api/intake-scale.test.ts\` asserts them and every intake's counts and sums on the same data.
Measured ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} at the end of the run.

| Database | Call | Median | p95 | Response | Statements |
| --- | --- | ---: | ---: | ---: | ---: |
${rows.join("\n")}

Why the figures look as they do: on this shared machine the wall times mostly measure waiting for a CPU (see the load
average). Measured as CPU time of the process on PGlite, which the machine's load barely changes, the staff list of 192 upcoming intakes
costs about 15 ms and the public list about 9 ms; reading 200 intake rows alone costs about 3 ms. The staff list used
to ask three subqueries for every offered or confirmed place (its payments, its refunds, whether it was waived); it
now asks one per intake for its payments and one for its places' dues, each place's payments read in one pass
(server/training/intake-fill.ts), about 10% less CPU, and the public list leaves the money out. Subqueries grouped
over all intakes were tried and dropped: with a course filter PGlite's planner (no statistics) re-ran them for each
intake (27 ms instead of 7). The index on seats (intake_id, state) was already there; none was added. A /schedule
page served after a change is rendered again (about 10 ms of CPU for the slots, 300 KB of HTML) and compressed quickly,
then recompressed at brotli 11 in the background (about 230 ms of CPU on the thread pool), so the measurement waits
half a second before each change.
`;
}
