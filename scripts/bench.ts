// `npm run bench`: the landing page's transfer sizes and every page's script against their budgets, then Lighthouse
// (mobile) on issue 17's fifteen pages served by the production server (and on a baseline build, BENCH_BASELINE), the
// dashboard, outbox, intake-list and file storage timings, the server's start (scripts/bench-start.ts) and its
// requests per second beside a bare node:http server (scripts/bench-throughput.ts); prints tables and writes
// BENCHMARKS.md.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ENROLL_COURSES, ROUTES, SERVICE_SLUGS } from "../shared/routes";
import { benchStart, startSection } from "./bench-start";
import { benchThroughput, throughputSection } from "./bench-throughput";
import {
  benchDashboardOf,
  DASHBOARD_ROUNDS,
  DASHBOARD_ROWS,
  type DashboardTiming,
  medianOfRounds,
} from "./lib/bench-dashboard";
import { benchIntakes, type IntakeBench, intakesSection } from "./lib/bench-intakes";
import { APPLICATION_COUNT, INTAKE_COUNT } from "./lib/bench-intakes-seed";
import { type LighthouseRow, runLighthouse } from "./lib/bench-lighthouse";
import { benchOutbox, outboxSection } from "./lib/bench-outbox";
import { alternatingRuns, PAGES_HEADING, pagesSection } from "./lib/bench-pages";
import { cores, dashboardSection, loadAtStart, RUNS, report } from "./lib/bench-report";
import {
  everyPageBytes,
  formatKiB,
  LANDING_JS_BUDGET_BYTES,
  landingPageBytes,
  PUBLIC_PAGES,
} from "./lib/bench-size";
import { benchStorage, STORAGE_FILE_MB, storageSection } from "./lib/bench-storage";
import { answersHealth, freePort, productionServerEnv, settled } from "./lib/server-process";

const root = process.cwd();
const dist = resolve(process.env.DIST_DIR ?? join(root, "dist"));
const clientDir = join(dist, "client");
const tsx = join(root, "node_modules/.bin/tsx");
/** Issue 17's pages: the landing page, every service page, the portal, the enrollment, subscribe, schedule and verify pages. */
const PAGES = [
  "/",
  ...SERVICE_SLUGS.map((slug) => `/service/${slug}`),
  "/portal",
  ...ENROLL_COURSES.map((course) => `/enroll/${course}`),
  "/subscribe",
  "/schedule",
  "/verify",
];

/**
 * BENCH_BASELINE: a checkout of an earlier commit with its own build (its dist/, or BENCH_BASELINE_DIST), measured in
 * the same run for the "before" columns: its pages' script and its Lighthouse runs.
 */
const baselineRoot = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null;
const baselineDist = baselineRoot
  ? resolve(process.env.BENCH_BASELINE_DIST ?? join(baselineRoot, "dist"))
  : null;

const baselineName = () => (baselineRoot ? gitDescription(baselineRoot) : null);
const baseline = () =>
  baselineRoot && baselineDist ? { root: baselineRoot, dist: baselineDist } : undefined;

function ensureBuilt(): void {
  // --if-missing rebuilds only when the sources changed since the last build (it respects DIST_DIR).
  execFileSync(tsx, ["scripts/build.ts", "--if-missing"], { stdio: "inherit", env: process.env });
}

/** "abc1234 subject" of the checkout's HEAD, to name the baseline in the report. */
function gitDescription(checkout: string): string {
  try {
    return execFileSync("git", ["-C", checkout, "log", "-1", '--format=%h ("%s")'], {
      encoding: "utf8",
    }).trim();
  } catch {
    return checkout;
  }
}

/**
 * The production server of the build in `buildDir`: its compiled server, or for a build from before ADR 039, the
 * TypeScript server of the checkout in `checkout` through tsx.
 */
async function startServer(
  buildDir = dist,
  checkout = root,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "rpas-bench-"));
  const compiled = join(buildDir, "server", "index.js");
  const [command, args] = existsSync(compiled)
    ? [process.execPath, [compiled]]
    : [join(checkout, "node_modules/.bin/tsx"), [join(checkout, "server/index.ts")]];
  const child: ChildProcess = spawn(command, args, {
    cwd: checkout,
    env: productionServerEnv(port, dataDir, { PUBLIC_URL: origin, LOG_LEVEL: "warn", DIST_DIR: buildDir }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (await answersHealth(origin, child)) {
    if (child.pid !== undefined) await settled(child.pid);
    return { origin, stop };
  }
  await stop();
  throw new Error("The server did not answer /api/health within 90 s");
}

/** Replaces the section of BENCHMARKS.md that starts with `heading` (or adds it before "## Reproduce"). */
function replaceSection(heading: string, section: string): void {
  const file = join(root, "BENCHMARKS.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const start = current.indexOf(heading);
  const end = current.indexOf("## Reproduce");
  const after = start >= 0 ? current.indexOf("\n## ", start + heading.length) + 1 : 0;
  const next =
    start >= 0 && after > start
      ? `${current.slice(0, start)}${section}\n${current.slice(after)}`
      : end >= 0
        ? `${current.slice(0, end)}${section}\n${current.slice(end)}`
        : `${current}\n${section}`;
  writeFileSync(file, next);
  console.log(`\nWrote the "${heading.slice(3)}" section of BENCHMARKS.md`);
}

/** `--pages`: every public page under Lighthouse with its loaded script, beside the baseline, in alternating runs. */
async function pagesOnly(): Promise<void> {
  ensureBuilt();
  const now = await startServer();
  const before = baselineRoot && baselineDist ? await startServer(baselineDist, baselineRoot) : null;
  try {
    console.log(
      `Lighthouse (mobile), ${RUNS} runs per page${before ? ", this build and the baseline in turn" : ""}:`,
    );
    const rows = await alternatingRuns(
      { origin: now.origin, clientDir },
      before && baselineDist ? { origin: before.origin, clientDir: join(baselineDist, "client") } : null,
      PUBLIC_PAGES,
      RUNS,
    );
    replaceSection(PAGES_HEADING, pagesSection(rows.now, rows.before, baselineName(), RUNS));
  } finally {
    await now.stop();
    await before?.stop();
  }
}

/** `--outbox`: measure the outbox alone and replace its section, leaving the Lighthouse figures as they are. */
async function outboxOnly(): Promise<void> {
  const timing = await benchOutbox();
  console.table([timing]);
  replaceSection("## E-mail outbox after a burst", outboxSection(timing));
}

/** The intake lists on PGlite, then on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one. */
async function intakeLists(): Promise<IntakeBench[]> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const benches: IntakeBench[] = [];
  for (const database of url ? [undefined, url] : [undefined]) {
    console.log(
      `\nIntake lists, ${INTAKE_COUNT} intakes and ${APPLICATION_COUNT} applications (${database ? "PostgreSQL" : "PGlite"}):`,
    );
    const bench = await benchIntakes({ url: database, clientDir });
    console.table(bench.timings);
    benches.push(bench);
  }
  return benches;
}

/**
 * The staff dashboard's calls, and the baseline's (BENCH_BASELINE) measured by its own code: rounds in turn, each in
 * a process of its own, so a busy minute of this shared machine falls on both and neither has the other's warm JIT.
 */
async function dashboardTimings() {
  const nowRounds: DashboardTiming[][] = [];
  const beforeRounds: DashboardTiming[][] = [];
  console.log(
    `\nStaff dashboard with ${DASHBOARD_ROWS} enrollments (in-memory PGlite), ${DASHBOARD_ROUNDS} rounds${baselineRoot ? `, in turn with ${baselineRoot}` : ""}...`,
  );
  for (let round = 0; round < DASHBOARD_ROUNDS; round++) {
    // Which goes first alternates, so neither always meets the machine as the other left it.
    const nowFirst = round % 2 === 1;
    if (nowFirst) nowRounds.push(benchDashboardOf(root));
    if (baselineRoot) beforeRounds.push(benchDashboardOf(baselineRoot));
    if (!nowFirst) nowRounds.push(benchDashboardOf(root));
  }
  const before = baselineRoot ? medianOfRounds(beforeRounds) : undefined;
  if (before) {
    console.log("Before:");
    console.table(before);
  }
  const now = medianOfRounds(nowRounds);
  console.log("Now:");
  console.table(now);
  return { now, before };
}

/** A 50 MB file through the local disk and the S3 fake. */
async function storageThroughput() {
  console.log(`\nFile storage, a ${STORAGE_FILE_MB} MB file (best of 3):`);
  const bench = await benchStorage();
  console.table(bench.timings);
  return bench;
}

async function main(): Promise<void> {
  if (process.argv.includes("--outbox")) return outboxOnly();
  if (process.argv.includes("--intakes")) {
    return replaceSection("## Intake lists with", intakesSection(await intakeLists()));
  }
  if (process.argv.includes("--start")) {
    ensureBuilt();
    return replaceSection("## Server start", startSection(await benchStart(root, dist)));
  }
  if (process.argv.includes("--dashboard")) {
    const { now, before } = await dashboardTimings();
    return replaceSection("## Staff dashboard with", dashboardSection(now, before, baselineName()));
  }
  if (process.argv.includes("--throughput")) {
    ensureBuilt();
    return replaceSection(
      "## Server throughput",
      throughputSection(await benchThroughput(root, dist, baseline()), baselineName()),
    );
  }
  if (process.argv.includes("--pages")) return pagesOnly();
  if (process.argv.includes("--storage")) {
    return replaceSection("## File storage throughput", storageSection(await storageThroughput()));
  }
  // Lighthouse scales observed CPU time: a busy machine lowers the performance score and raises TBT. The work just
  // before the bench (a build, a test run) still shows in the one-minute load average: wait for it to settle, up to
  // three minutes, so the first pages measured do not pay for it.
  const settleBy = Date.now() + 180_000;
  while ((loadavg()[0] ?? 0) > Number(cores()) - 1 && Date.now() < settleBy) {
    console.log(`Waiting for the machine to settle: load average ${loadavg()[0]?.toFixed(2)}...`);
    await new Promise((done) => setTimeout(done, 15_000));
  }
  if ((loadavg()[0] ?? 0) > Number(cores())) {
    console.warn(
      `Warning: load average ${loadAtStart} exceeds the ${cores()} cores; performance figures will be low.`,
    );
  }
  ensureBuilt();

  const bytes = landingPageBytes(clientDir);
  console.log("\nLanding page transfer size (gzip -9):");
  console.log(`  JS   ${formatKiB(bytes.js).padStart(9)}  (budget ${formatKiB(LANDING_JS_BUDGET_BYTES)})`);
  console.log(`  CSS  ${formatKiB(bytes.css).padStart(9)}`);
  console.log(`  HTML ${formatKiB(bytes.html).padStart(9)}`);
  const pages = everyPageBytes(
    clientDir,
    ROUTES.map((route) => route.path),
  );
  const pagesBefore = baselineDist
    ? everyPageBytes(
        join(baselineDist, "client"),
        ROUTES.map((route) => route.path),
      )
    : [];

  console.log("\nStarting the production server...");
  const server = await startServer();
  let rows: LighthouseRow[];
  try {
    console.log(`Running Lighthouse (mobile) against ${server.origin}:`);
    rows = await runLighthouse(server.origin, PAGES, RUNS);
  } finally {
    await server.stop();
  }
  let rowsBefore: LighthouseRow[] = [];
  if (baselineRoot && baselineDist) {
    console.log(`\nStarting the baseline's server (${baselineRoot})...`);
    const before = await startServer(baselineDist, baselineRoot);
    try {
      console.log(`Running Lighthouse (mobile) against the baseline at ${before.origin}:`);
      rowsBefore = await runLighthouse(before.origin, PAGES, RUNS);
    } finally {
      await before.stop();
    }
  }

  console.log("");
  console.table(
    Object.fromEntries(
      rows.map((row) => [
        row.path,
        {
          ...row.scores,
          "FCP s": Number((row.fcpMs / 1000).toFixed(2)),
          "LCP s": Number((row.lcpMs / 1000).toFixed(2)),
          "TBT ms": Math.round(row.tbtMs),
          CLS: Number(row.cls.toFixed(3)),
          "perf. runs": row.performanceRuns.join(", "),
        },
      ]),
    ),
  );
  const lost = rows.flatMap((row) =>
    row.lost.map(
      (audit) =>
        `  ${row.path} [${audit.category}] ${audit.id}: ${audit.title} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""})`,
    ),
  );
  if (lost.length > 0) console.log(`Audits that cost points:\n${lost.join("\n")}`);

  const dashboard = await dashboardTimings();

  console.log("\nE-mail outbox after a burst (in-memory PGlite, file outbox):");
  const outbox = await benchOutbox();
  console.table([outbox]);

  const intakes = await intakeLists();
  const storage = await storageThroughput();

  const start = await benchStart(root, dist);
  const throughput = await benchThroughput(root, dist, baseline());

  writeFileSync(
    join(root, "BENCHMARKS.md"),
    report(bytes, rows, dashboard.now, outbox, intakes, storage, {
      pages,
      pagesBefore,
      rowsBefore,
      baseline: baselineRoot ? gitDescription(baselineRoot) : null,
      dashboardBefore: dashboard.before,
    }),
  );
  console.log("\nWrote BENCHMARKS.md");
  replaceSection("## Server start", startSection(start));
  replaceSection("## Server throughput", throughputSection(throughput, baselineName()));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
