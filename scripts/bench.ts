// `npm run bench`: the landing page's transfer sizes against the JS budget, then Lighthouse (mobile) on four pages
// served by the production server; prints a table and writes BENCHMARKS.md.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchDashboard, DASHBOARD_ROWS, type DashboardTiming } from "./lib/bench-dashboard";
import { CATEGORIES, type LighthouseRow, runLighthouse, TARGETS } from "./lib/bench-lighthouse";
import { benchOutbox, type OutboxTiming, outboxSection } from "./lib/bench-outbox";
import { formatKiB, LANDING_JS_BUDGET_BYTES, type LandingBytes, landingPageBytes } from "./lib/bench-size";

const root = process.cwd();
const dist = resolve(process.env.DIST_DIR ?? join(root, "dist"));
const clientDir = join(dist, "client");
const tsx = join(root, "node_modules/.bin/tsx");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = ["/", "/service/mapping", "/portal", "/enroll/advanced"] as const;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);

function ensureBuilt(): void {
  // --if-missing rebuilds only when the sources changed since the last build (it respects DIST_DIR).
  execFileSync(tsx, ["scripts/build.ts", "--if-missing"], { stdio: "inherit", env: process.env });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject()));
    });
  });
}

async function startServer(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "rpas-bench-"));
  const child: ChildProcess = spawn(tsx, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      DIST_DIR: dist,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error("The server did not answer /api/health within 90 s");
}

function chromiumVersion(): string {
  try {
    return execFileSync(chromePath, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return `unknown (${chromePath})`;
  }
}

function cores(): string {
  try {
    return execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    return String(cpus().length);
  }
}

const pass = (ok: boolean) => (ok ? "pass" : "**FAIL**");

function sizeTable(bytes: LandingBytes): string {
  return [
    "| Resource | Gzipped (level 9) | Budget | Result |",
    "| --- | ---: | ---: | --- |",
    `| JavaScript (${bytes.files.filter((f) => f.kind === "js").length} files) | ${formatKiB(bytes.js)} | ${formatKiB(LANDING_JS_BUDGET_BYTES)} | ${pass(bytes.js <= LANDING_JS_BUDGET_BYTES)} |`,
    `| CSS files (inlined CSS counts as HTML) | ${formatKiB(bytes.css)} | | |`,
    `| HTML | ${formatKiB(bytes.html)} | | |`,
    `| **Total** | ${formatKiB(bytes.js + bytes.css + bytes.html)} | | |`,
  ].join("\n");
}

function jsBreakdown(bytes: LandingBytes): string {
  return bytes.files
    .filter((file) => file.kind === "js")
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `| ${file.file} | ${formatKiB(file.rawBytes)} | ${formatKiB(file.gzipBytes)} |`)
    .join("\n");
}

function lighthouseTable(rows: readonly LighthouseRow[]): string {
  const header = `| Page | ${CATEGORIES.join(" | ")} | FCP | LCP | TBT | CLS | Performance of each run |`;
  const lines = rows.map((row) => {
    const scores = CATEGORIES.map((category) => {
      const score = row.scores[category];
      return score >= TARGETS[category] ? String(score) : `**${score}**`;
    });
    return `| ${row.path} | ${scores.join(" | ")} | ${(row.fcpMs / 1000).toFixed(2)} s | ${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.performanceRuns.join(", ")} |`;
  });
  const targets = `| *target* | ${CATEGORIES.map((category) => `>= ${TARGETS[category]}`).join(" | ")} | | | | | |`;
  return [
    header,
    `| --- | ${CATEGORIES.map(() => "---:").join(" | ")} | ---: | ---: | ---: | ---: | --- |`,
    ...lines,
    targets,
  ].join("\n");
}

function lostPoints(rows: readonly LighthouseRow[]): string {
  const lines = rows.flatMap((row) =>
    row.lost.map(
      (audit) =>
        `- \`${row.path}\` ${audit.category}: \`${audit.id}\` ${audit.title} (score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""})`,
    ),
  );
  return lines.length > 0 ? lines.join("\n") : "None: every weighted audit passed.";
}

function dashboardTable(timings: readonly DashboardTiming[]): string {
  return [
    "| Call | Median | Response |",
    "| --- | ---: | ---: |",
    ...timings.map((t) => `| ${t.call} | ${t.medianMs.toFixed(1)} ms | ${formatKiB(t.bytes)} |`),
  ].join("\n");
}

function report(
  bytes: LandingBytes,
  rows: readonly LighthouseRow[],
  dashboard: readonly DashboardTiming[],
  outbox: OutboxTiming,
): string {
  const belowTarget = rows.flatMap((row) =>
    CATEGORIES.filter((category) => row.scores[category] < TARGETS[category]).map(
      (category) => `${row.path} ${category} ${row.scores[category]}`,
    ),
  );
  return `# Benchmarks

Written by \`npm run bench\` (scripts/bench.ts); do not edit by hand.

- Date: ${new Date().toISOString()}
- Machine: ${cores()} CPU cores (\`nproc\`), ${process.platform} ${process.arch}; load average ${loadAtStart} when the run started
- Node.js: ${process.version}
- Browser: ${chromiumVersion()}

## Landing page transfer size

What a first visit to \`/\` downloads before any interaction: the prerendered HTML, the stylesheet, and every
JavaScript file it loads up front (the entry script, each \`modulepreload\`, and the chunks they import
statically, followed through Vite's manifest). Each file is gzipped at level 9; lazy route chunks are not counted.
The budget is also asserted by \`scripts/lib/bench-size.test.ts\` in \`npm test\`.

${sizeTable(bytes)}

<details><summary>JavaScript files</summary>

| File | Raw | Gzipped |
| --- | ---: | ---: |
${jsBreakdown(bytes)}

</details>

## Lighthouse (mobile)

Lighthouse ${lighthouseVersion()} with its default mobile configuration (simulated slow 4G and 4x CPU slowdown),
against the production server (\`NODE_ENV=production\`, prerendered pages, precompressed assets) on this machine.
Each page ran ${rows[0]?.performanceRuns.length ?? RUNS} times; the row shows the run with the median performance score.
Scores are 0-100; a bold score is below its target.

${lighthouseTable(rows)}

${belowTarget.length === 0 ? "Every page meets every target." : `Below target: ${belowTarget.join("; ")}.`}

### Audits that cost points

${lostPoints(rows)}

## Staff dashboard with ${DASHBOARD_ROWS.toLocaleString("en")} enrollments

The API calls the dashboard makes (scripts/lib/bench-dashboard.ts), answered by the app over an in-memory PGlite
seeded with ${DASHBOARD_ROWS.toLocaleString("en")} enrollments, median of 5 runs each, without network or compression. The dashboard pages
(25 rows) and counts instead of loading the list; \`tests/api/admin-scale.test.ts\` asserts the response sizes.

${dashboardTable(dashboard)}

${outboxSection(outbox)}
## Reproduce

\`\`\`sh
npm run bench            # builds dist/ first if the sources changed; DIST_DIR=... to use another build
npm run bench -- --outbox    # only the outbox figure, rewriting its section of this file
BENCH_RUNS=5 npm run bench   # more Lighthouse runs per page (default 3) for a steadier median
\`\`\`

The script starts \`tsx server/index.ts\` on a free local port with a temporary DATA_DIR, runs Lighthouse in
the system's Chromium (\`CHROMIUM_PATH\`, default /usr/bin/chromium) one page at a time, stops both, and rewrites this
file. Lighthouse scores vary between runs and machines, and fall when the machine is busy (the load average is
recorded above): compare runs made on the same, otherwise idle machine.
`;
}

function lighthouseVersion(): string {
  try {
    return execFileSync(process.execPath, ["-p", "require('lighthouse/package.json').version"], {
      encoding: "utf8",
    }).trim();
  } catch {
    return "";
  }
}

const loadAtStart = loadavg()
  .map((load) => load.toFixed(2))
  .join(", ");

/** `--outbox`: measure the outbox alone and replace its section, leaving the Lighthouse figures as they are. */
async function outboxOnly(): Promise<void> {
  const timing = await benchOutbox();
  console.table([timing]);
  const file = join(root, "BENCHMARKS.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const section = outboxSection(timing);
  const start = current.indexOf("## E-mail outbox after a burst");
  const end = current.indexOf("## Reproduce");
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}\n${current.slice(end)}`
      : end >= 0
        ? `${current.slice(0, end)}${section}\n${current.slice(end)}`
        : `${current}\n${section}`;
  writeFileSync(file, next);
  console.log("\nWrote the outbox section of BENCHMARKS.md");
}

async function main(): Promise<void> {
  if (process.argv.includes("--outbox")) return outboxOnly();
  // Lighthouse scales observed CPU time: a busy machine lowers the performance score and raises TBT.
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

  console.log("\nStarting the production server...");
  const server = await startServer();
  let rows: LighthouseRow[];
  try {
    console.log(`Running Lighthouse (mobile) against ${server.origin}:`);
    rows = await runLighthouse(server.origin, PAGES, RUNS);
  } finally {
    await server.stop();
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

  console.log(`\nStaff dashboard with ${DASHBOARD_ROWS} enrollments (in-memory PGlite):`);
  const dashboardDir = mkdtempSync(join(tmpdir(), "rpas-bench-dashboard-"));
  const dashboard = await benchDashboard(dashboardDir);
  rmSync(dashboardDir, { recursive: true, force: true });
  console.table(dashboard);

  console.log("\nE-mail outbox after a burst (in-memory PGlite, file outbox):");
  const outbox = await benchOutbox();
  console.table([outbox]);

  writeFileSync(join(root, "BENCHMARKS.md"), report(bytes, rows, dashboard, outbox));
  console.log("\nWrote BENCHMARKS.md");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
