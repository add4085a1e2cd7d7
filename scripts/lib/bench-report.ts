// The BENCHMARKS.md report of `npm run bench`: the size table, Lighthouse scores against their targets, the
// dashboard, outbox, intake-list and file storage timings, and the machine they were measured on.
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { DASHBOARD_ROUNDS, DASHBOARD_ROWS, DASHBOARD_RUNS, type DashboardTiming } from "./bench-dashboard";
import { type IntakeBench, intakesSection } from "./bench-intakes";
import { CATEGORIES, type LighthouseRow, TARGETS } from "./bench-lighthouse";
import { type OutboxTiming, outboxSection } from "./bench-outbox";
import { formatKiB, LANDING_JS_BUDGET_BYTES, type LandingBytes, type PageBytes } from "./bench-size";
import { type StorageBench, storageSection } from "./bench-storage";

/** How many Lighthouse runs per page (the median is reported). */
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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

export function cores(): string {
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

/** A row's score in a category: the best run's for performance (the target), the median run's otherwise. */
const judged = (row: LighthouseRow, category: (typeof CATEGORIES)[number]) =>
  category === "performance" ? row.bestPerformance : row.scores[category];

function lighthouseTable(rows: readonly LighthouseRow[], before: readonly LighthouseRow[] = []): string {
  const beforeOf = new Map(before.map((row) => [row.path, row]));
  const header = `| Page | performance (best) | median | ${CATEGORIES.slice(1).join(" | ")} | FCP | LCP | TBT | CLS | Performance of each run | Before: best, median (runs) |`;
  const lines = rows.map((row) => {
    const scores = CATEGORIES.map((category) => {
      const score = judged(row, category);
      return score >= TARGETS[category] ? String(score) : `**${score}**`;
    });
    const old = beforeOf.get(row.path);
    const was = old
      ? `${old.bestPerformance}, ${old.scores.performance} (${old.performanceRuns.join(", ")})`
      : "not measured";
    return `| ${row.path} | ${scores[0]} | ${row.scores.performance} | ${scores.slice(1).join(" | ")} | ${(row.fcpMs / 1000).toFixed(2)} s | ${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.performanceRuns.join(", ")} | ${was} |`;
  });
  const targets = `| *target* | >= ${TARGETS.performance} | | ${CATEGORIES.slice(1)
    .map((category) => `>= ${TARGETS[category]}`)
    .join(" | ")} | | | | | | |`;
  return [
    header,
    `| --- | ---: | ---: | ${CATEGORIES.slice(1)
      .map(() => "---:")
      .join(" | ")} | ---: | ---: | ---: | ---: | --- | --- |`,
    ...lines,
    targets,
  ].join("\n");
}

/** Every page's script against its budget (scripts/lib/bench-size.ts), before and after when a baseline was built. */
export function pagesTable(pages: readonly PageBytes[], before: readonly PageBytes[] = []): string {
  const beforeOf = new Map(before.map((page) => [page.path, page]));
  return [
    "| Page | JavaScript (gzip) | Files | Budget | Result | Before |",
    "| --- | ---: | ---: | ---: | --- | ---: |",
    ...pages.map((page) => {
      const old = beforeOf.get(page.path);
      const files = page.files.filter((file) => file.kind === "js").length;
      return `| ${page.path} | ${formatKiB(page.js)} | ${files} | ${formatKiB(page.budget)} | ${pass(page.js <= page.budget)} | ${old ? formatKiB(old.js) : ""} |`;
    }),
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

/** The dashboard's calls; with `before` (an earlier version's figures, same calls), both side by side. */
export function dashboardSection(
  timings: readonly DashboardTiming[],
  before?: readonly DashboardTiming[],
  baseline?: string | null,
): string {
  const earlier = (call: string) => before?.find((t) => t.call === call);
  const table = before
    ? [
        "| Call | Before | Now | Response before | Response now |",
        "| --- | ---: | ---: | ---: | ---: |",
        ...timings.map((t) => {
          const b = earlier(t.call);
          return `| ${t.call} | ${b ? `${b.medianMs.toFixed(1)} ms` : ""} | ${t.medianMs.toFixed(1)} ms | ${b ? formatKiB(b.bytes) : ""} | ${formatKiB(t.bytes)} |`;
        }),
      ]
    : [
        "| Call | Median | Response |",
        "| --- | ---: | ---: |",
        ...timings.map((t) => `| ${t.call} | ${t.medianMs.toFixed(1)} ms | ${formatKiB(t.bytes)} |`),
      ];
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  return `## Staff dashboard with ${DASHBOARD_ROWS.toLocaleString("en")} enrollments

The API calls the dashboard makes (scripts/lib/bench-dashboard.ts), answered by the app over an in-memory PGlite
seeded with ${DASHBOARD_ROWS.toLocaleString("en")} enrollments, without network or compression. Each figure is the median of ${DASHBOARD_ROUNDS} rounds,
each round a process of its own and the median of ${DASHBOARD_RUNS} runs; the baseline's rounds and this version's take turns.
The dashboard pages (25 rows) and counts instead of loading the list; \`tests/api/admin-scale.test.ts\` asserts the response sizes.
\`npm run bench -- --dashboard\` rewrites this section; with \`BENCH_BASELINE\` an earlier version's figures stand beside
them, measured by that checkout's own code in the same rounds.${before && baseline ? ` "Before" is ${baseline}.` : ""} Load average ${load} when measured.

${table.join("\n")}
`;
}

/** What the run measured on every page, and on a baseline build when BENCH_BASELINE named one. */
export interface PageFigures {
  pages: readonly PageBytes[];
  pagesBefore: readonly PageBytes[];
  rowsBefore: readonly LighthouseRow[];
  /** The baseline's commit ("abc1234 subject"), or null without one. */
  baseline: string | null;
  /** The staff dashboard's calls measured by an earlier version's code, when one was named. */
  dashboardBefore?: readonly DashboardTiming[];
}

export function report(
  bytes: LandingBytes,
  rows: readonly LighthouseRow[],
  dashboard: readonly DashboardTiming[],
  outbox: OutboxTiming,
  intakes: readonly IntakeBench[],
  storage: StorageBench,
  figures: PageFigures,
): string {
  const belowTarget = rows.flatMap((row) =>
    CATEGORIES.filter((category) => judged(row, category) < TARGETS[category]).map(
      (category) => `${row.path} ${category} ${judged(row, category)}`,
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
JavaScript file it loads (the entry script and the chunks it preloads, which the page requests after its first
paint (ADR 033), and the chunks they import statically, followed through Vite's manifest). Each file is gzipped at level 9; lazy route chunks are not counted.
The budget is also asserted by \`scripts/lib/bench-size.test.ts\` in \`npm test\`.

${sizeTable(bytes)}

<details><summary>JavaScript files</summary>

| File | Raw | Gzipped |
| --- | ---: | ---: |
${jsBreakdown(bytes)}

</details>

## Every page's script

The same measure for every prerendered page a visitor may open (the staff dashboard aside), against issue 17's
budgets: 90 KB for \`/\`, 100 KB for every other page, asserted in \`npm test\` too.${figures.baseline ? ` "Before" is the build of ${figures.baseline}, measured in the same run.` : ""}

${pagesTable(figures.pages, figures.pagesBefore)}

## Lighthouse (mobile)

Lighthouse ${lighthouseVersion()} with its default mobile configuration (simulated slow 4G and 4x CPU slowdown),
against the production server (\`NODE_ENV=production\`, prerendered pages, precompressed assets) on this machine.
Each page ran ${rows[0]?.performanceRuns.length ?? RUNS} times; the target (100) is judged on the best performance score, since load on
the machine only ever slows a run; the median is beside it, and the other figures come from the median run.
Scores are 0-100; a bold score is below its target.${figures.baseline ? ` "Before" ran in the same run against the build of ${figures.baseline}, served by its own server.` : ""}

${lighthouseTable(rows, figures.rowsBefore)}

${belowTarget.length === 0 ? "Every page meets every target." : `Below target: ${belowTarget.join("; ")}.`}

### Audits that cost points

${lostPoints(rows)}

${dashboardSection(dashboard, figures.dashboardBefore, figures.baseline)}
${outboxSection(outbox)}
${intakesSection(intakes)}
${storageSection(storage)}
## Reproduce

\`\`\`sh
npm run bench            # builds dist/ first if the sources changed; DIST_DIR=... to use another build
npm run bench -- --outbox    # only the outbox figure, rewriting its section of this file
npm run bench -- --intakes   # only the intake lists (with /schedule if dist/ is built), rewriting their section
npm run bench -- --storage   # only the file storage throughput (local disk and the S3 fake), rewriting its section
npm run bench -- --start     # only the server's start (npm start to the first 200), rewriting its section
npm run bench -- --dashboard   # only the staff dashboard's calls, rewriting their section
npm run bench -- --throughput  # only GET / requests per second beside bare node:http, rewriting its section
BENCH_DATABASE_URL=postgresql://... npm run bench   # the intake lists on PostgreSQL too (or TEST_DATABASE_URL)
BENCH_RUNS=5 npm run bench   # more Lighthouse runs per page (default 3) for a steadier median
BENCH_BASELINE=../old-checkout npm run bench   # "before" figures from an earlier commit's build (its dist/, or BENCH_BASELINE_DIST)
# BENCH_BASELINE also gives the dashboard's and the throughput's before; BENCH_START_BEFORE=../old-checkout the start's
\`\`\`

The script starts the compiled server (\`node dist/server/index.js\`) on a free local port with a temporary DATA_DIR, runs Lighthouse in
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

export const loadAtStart = loadavg()
  .map((load) => load.toFixed(2))
  .join(", ");
