// `npm run bench`: the landing page's transfer sizes against the JS budget, then Lighthouse (mobile) on four pages
// served by the production server; prints a table and writes BENCHMARKS.md.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchDashboard, DASHBOARD_ROWS } from "./lib/bench-dashboard";
import { type LighthouseRow, runLighthouse } from "./lib/bench-lighthouse";
import { benchOutbox, outboxSection } from "./lib/bench-outbox";
import { cores, loadAtStart, RUNS, report } from "./lib/bench-report";
import { formatKiB, LANDING_JS_BUDGET_BYTES, landingPageBytes } from "./lib/bench-size";
import { answersHealth, productionServerEnv } from "./lib/server-process";

const root = process.cwd();
const dist = resolve(process.env.DIST_DIR ?? join(root, "dist"));
const clientDir = join(dist, "client");
const tsx = join(root, "node_modules/.bin/tsx");
const PAGES = ["/", "/service/mapping", "/portal", "/enroll/advanced"] as const;

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
    env: productionServerEnv(port, dataDir, { PUBLIC_URL: origin, LOG_LEVEL: "warn", DIST_DIR: dist }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (await answersHealth(origin, child)) return { origin, stop };
  await stop();
  throw new Error("The server did not answer /api/health within 90 s");
}

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
