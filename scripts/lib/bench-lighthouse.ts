// Lighthouse (default mobile config) against a running server, in the system's Chromium: category scores, the
// core metrics, and the audits that cost points, so a score below target says what to fix.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

export interface LostPoints {
  category: Category;
  id: string;
  title: string;
  /** 0-100. */
  score: number;
  displayValue?: string;
}

export interface LighthouseRow {
  path: string;
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lost: LostPoints[];
}

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

export async function runLighthouse(origin: string, paths: readonly string[]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    logLevel: "error",
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const path of paths) {
      const started = Date.now();
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scores = {} as Record<Category, number>;
      const lost: LostPoints[] = [];
      for (const category of CATEGORIES) {
        const entry = lhr.categories[category];
        scores[category] = Math.round((entry?.score ?? 0) * 100);
        for (const ref of entry?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1) continue;
          // Weighted audits cost points directly; for performance, the unweighted insights with real savings
          // explain the metric scores, so they are listed too.
          const insight =
            category === "performance" && audit.scoreDisplayMode === "metricSavings" && audit.score < 0.9;
          if (ref.weight === 0 && !insight) continue;
          lost.push({
            category,
            id: audit.id,
            title: audit.title,
            score: Math.round(audit.score * 100),
            displayValue: audit.displayValue,
          });
        }
      }
      rows.push({
        path,
        scores,
        fcpMs: numeric("first-contentful-paint"),
        lcpMs: numeric("largest-contentful-paint"),
        tbtMs: numeric("total-blocking-time"),
        cls: numeric("cumulative-layout-shift"),
        lost,
      });
      console.log(`  ${path}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    return rows;
  } finally {
    chrome.kill();
  }
}
