// Issue 30, point 5: what each public page really loads in the browser, with no input for 5 s after navigation (at
// most 100 KB gzip on `/`, 130 KB elsewhere), and once each of its forms was first focused (170 KB). The bytes are
// those of the built files, gzipped at level 9 as in scripts/lib/bench-size.ts; which files load is what Chromium
// fetched. Pages are generated from shared/routes.ts; the staff dashboard, behind sign-in, is not a public page.
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import {
  FOCUSED_JS_BUDGET_BYTES,
  formatKiB,
  gzippedFileSize,
  gzippedFilesSize,
  LANDING_JS_BUDGET_BYTES,
  PAGE_JS_BUDGET_BYTES,
  PUBLIC_PAGES,
} from "../../scripts/lib/bench-size";
import { expect, test } from "./fixtures";

const clientDir = join(resolve(process.env.DIST_DIR ?? "dist"), "client");
/** How long a page is left alone: the "within 5 s of navigation with no input". */
const QUIET_MS = 5000;

/** Collects the site's script files the page fetches, by path. */
function watchScripts(page: Page): Set<string> {
  const loaded = new Set<string>();
  page.on("response", (response) => {
    const { pathname, origin } = new URL(response.url());
    if (origin === new URL(page.url() || response.url()).origin && /^\/assets\/.+\.js$/.test(pathname)) {
      loaded.add(pathname.slice(1));
    }
  });
  return loaded;
}

/** Waits until no new script has arrived for half a second (a part's chunks and what they import). */
async function settle(page: Page, loaded: Set<string>): Promise<void> {
  let seen = -1;
  while (seen !== loaded.size) {
    seen = loaded.size;
    await page.waitForTimeout(500);
  }
}

const totalOf = (files: Set<string>) => gzippedFilesSize(clientDir, files);

const listOf = (files: Set<string>) =>
  [...files]
    .map((file) => [file, gzippedFileSize(join(clientDir, file))] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([file, bytes]) => `  ${formatKiB(bytes).padStart(9)}  ${file}`)
    .join("\n");

test.describe.configure({ mode: "parallel" });

test.skip(({ isMobile }) => isMobile, "bytes do not depend on the screen; measured once");

for (const path of PUBLIC_PAGES) {
  const budget = path === "/" ? LANDING_JS_BUDGET_BYTES : PAGE_JS_BUDGET_BYTES;
  test(`${path} loads at most ${formatKiB(budget)} of script with no input, ${formatKiB(FOCUSED_JS_BUDGET_BYTES)} once each form was focused`, async ({
    page,
  }) => {
    const loaded = watchScripts(page);
    const started = Date.now();
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(Math.max(0, QUIET_MS - (Date.now() - started)));
    const quiet = totalOf(loaded);
    expect(loaded.size, "the page's script ran").toBeGreaterThan(0);
    expect(quiet, `${path} loaded ${formatKiB(quiet)} with no input:\n${listOf(loaded)}`).toBeLessThanOrEqual(
      budget,
    );

    // Each form's first field is focused in turn, as a person starting to type would.
    const forms = page.locator("form");
    for (let index = 0; index < (await forms.count()); index++) {
      const field = forms.nth(index).locator("input:not([type=hidden]), textarea, select").first();
      if ((await field.count()) === 0 || !(await field.isVisible())) continue;
      await field.focus();
      await settle(page, loaded);
    }
    const focused = totalOf(loaded);
    expect(
      focused,
      `${path} loaded ${formatKiB(focused)} once its forms were focused:\n${listOf(loaded)}`,
    ).toBeLessThanOrEqual(FOCUSED_JS_BUDGET_BYTES);
  });
}
