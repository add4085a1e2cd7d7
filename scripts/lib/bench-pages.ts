// `npm run bench -- --pages` (issue 30): every public page under Lighthouse (mobile) and the script it really
// loaded in those runs, this build beside a baseline build (BENCH_BASELINE), page by page in alternating runs, so
// both meet the machine in the same state. The script bytes are the gzipped (level 9) sizes of the files each run
// fetched, from the median run, as tests/e2e/script-budgets.spec.ts measures them in `npm test`.
import { auditOnce, type LighthouseRow, medianRow } from "./bench-lighthouse";
import { formatKiB, gzippedFilesSize, LANDING_JS_BUDGET_BYTES, PAGE_JS_BUDGET_BYTES } from "./bench-size";

export const PAGES_HEADING = "## Every public page: Lighthouse and loaded script";

export interface Site {
  origin: string;
  clientDir: string;
}

export interface PageRow extends LighthouseRow {
  /** Gzipped bytes of the scripts the median run loaded. */
  scriptBytes: number;
}

const rowWithBytes = (row: LighthouseRow, clientDir: string): PageRow => ({
  ...row,
  scriptBytes: gzippedFilesSize(clientDir, row.scripts),
});

/** `runs` Lighthouse runs of each page on `now` and `before`, the two taking turns (which goes first alternates). */
export async function alternatingRuns(
  now: Site,
  before: Site | null,
  paths: readonly string[],
  runs: number,
): Promise<{ now: PageRow[]; before: PageRow[] }> {
  const nowRows: PageRow[] = [];
  const beforeRows: PageRow[] = [];
  for (const path of paths) {
    const mine: LighthouseRow[] = [];
    const theirs: LighthouseRow[] = [];
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? ([now, before] as const) : ([before, now] as const);
      for (const site of order) {
        if (!site) continue;
        (site === now ? mine : theirs).push(await auditOnce(`${site.origin}${path}`, path));
      }
    }
    nowRows.push(rowWithBytes(medianRow(mine), now.clientDir));
    if (before) beforeRows.push(rowWithBytes(medianRow(theirs), before.clientDir));
    const last = nowRows[nowRows.length - 1] as PageRow;
    const was = beforeRows[beforeRows.length - 1];
    console.log(
      `  ${path}: performance ${last.performanceRuns.join(", ")}${was ? ` (before ${was.performanceRuns.join(", ")})` : ""}, script ${formatKiB(last.scriptBytes)}${was ? ` (before ${formatKiB(was.scriptBytes)})` : ""}`,
    );
  }
  return { now: nowRows, before: beforeRows };
}

/** What cost points in the median run of each page whose best performance run is below 100 (this build). */
function lostPoints(rows: readonly PageRow[]): string {
  const below = rows.filter((row) => row.bestPerformance < 100);
  if (below.length === 0) return "";
  const items = below.flatMap((row) =>
    row.lost
      .filter((audit) => audit.category === "performance")
      .map(
        (audit) =>
          `- ${row.path}: ${audit.title} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""})`,
      ),
  );
  return `
<details><summary>Pages below 100 in every run: what cost the points (median run)</summary>

${items.join("\n") || "- (no audit below its target: the metrics' scores alone)"}

</details>
`;
}

const budgetOf = (path: string) => (path === "/" ? LANDING_JS_BUDGET_BYTES : PAGE_JS_BUDGET_BYTES);

/** The BENCHMARKS.md section. */
export function pagesSection(
  now: readonly PageRow[],
  before: readonly PageRow[],
  baseline: string | null,
  runs: number,
): string {
  const lines = now.map((row) => {
    const was = before.find((candidate) => candidate.path === row.path);
    const perf = `${row.bestPerformance} (${row.performanceRuns.join(", ")})`;
    const wasPerf = was ? `${was.bestPerformance} (${was.performanceRuns.join(", ")})` : "";
    const budget = budgetOf(row.path);
    return `| ${row.path} | ${wasPerf} | ${perf} | ${was ? Math.round(was.tbtMs) : ""} | ${Math.round(row.tbtMs)} | ${was ? formatKiB(was.scriptBytes) : ""} | ${formatKiB(row.scriptBytes)} | ${formatKiB(budget)} | ${row.scriptBytes <= budget ? "pass" : "over"} |`;
  });
  return `${PAGES_HEADING}

Every public page (shared/routes.ts, the staff dashboard aside) under Lighthouse's mobile configuration, ${runs}
runs each, ${baseline ? `this build and the build of ${baseline} taking turns page by page (which goes first alternates)` : "this build only"}.
Performance is judged on the best run (all runs listed); total blocking time and the script loaded are the median
run's. "Script" is what the page fetched in that run with no input (the parts that hydrate on touch are not
fetched), each file gzipped at level 9, against issue 30's budgets (100 KB on \`/\`, 130 KB elsewhere), which
\`tests/e2e/script-budgets.spec.ts\` asserts in \`npm test\`. Rewrite with
\`BENCH_BASELINE=../old-checkout npm run bench -- --pages\`.

| Page | Performance before | Performance now | TBT ms before | TBT ms now | Script before | Script now | Budget | Result |
| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |
${lines.join("\n")}
${lostPoints(now)}`;
}
