// cn() merges only the kinds of utility our components are overridden in, not every Tailwind utility as
// tailwind-merge does (ADR 033: the merger cost every page 8.3 KB of gzipped script). Two utilities that set the
// same property in one class attribute would be settled by the stylesheet's order, not by who wrote them last.
// This watches every class attribute a page shows during a test (dialogs and toasts included) and lets the fixture
// fail the test when tailwind-merge would have dropped one of its utilities, i.e. when the look depends on that.
import type { BrowserContext } from "@playwright/test";
import { twMerge } from "tailwind-merge";

/** Starts collecting the class attributes of every page in the context; answers them as they stand. */
export async function watchClassAttributes(context: BrowserContext): Promise<Set<string>> {
  const seen = new Set<string>();
  await context.exposeBinding("__reportClassAttributes", (_source, values: string[]) => {
    for (const value of values) seen.add(value);
  });
  await context.addInitScript(() => {
    const reported = new Set<string>();
    let pending = false;
    const scan = () => {
      pending = false;
      const fresh: string[] = [];
      for (const element of document.querySelectorAll("[class]")) {
        const value = element.getAttribute("class") ?? "";
        if (reported.has(value)) continue;
        reported.add(value);
        fresh.push(value);
      }
      const report = (window as unknown as { __reportClassAttributes?: (values: string[]) => void })
        .__reportClassAttributes;
      if (fresh.length > 0) report?.(fresh);
    };
    const schedule = () => {
      if (pending) return;
      pending = true;
      setTimeout(scan, 0);
    };
    new MutationObserver(schedule).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
    });
    schedule();
  });
  return seen;
}

/** Each class attribute in which tailwind-merge would drop a utility, with the utilities it would drop. */
export function classConflicts(values: Iterable<string>): string[] {
  const conflicts: string[] = [];
  for (const value of values) {
    const tokens = value.split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(tokens.join(" ")).split(" "));
    // A repeated utility is harmless (tailwind-merge drops the copy, but both say the same).
    const dropped = tokens.filter((token) => !kept.has(token));
    if (dropped.length > 0) conflicts.push(`"${dropped.join(" ")}" overridden in class="${value}"`);
  }
  return conflicts;
}
