// cn() keeps the later of two utilities of one kind, as tailwind-merge does, for the kinds our components use.
// The cases are class lists our components produced before cn() merged them (components' defaults followed by
// their callers' overrides, taken from the built pages); tailwind-merge is the reference.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { classConflicts } from "../../tests/e2e/class-conflicts";
import { cn } from "./class-names";

const OVERRIDDEN = [
  "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm border-2 border-green-600",
  "text-sm font-medium font-normal text-red-700",
  "border border-slate-200 bg-white overflow-x-auto rounded-md border-0 shadow-none",
  "p-6 pt-0 pt-6",
  "mt-6 max-w-2xl max-w-3xl",
  "space-y-2 text-sm text-slate-700 mt-6 space-y-3 border-t border-slate-200 pt-6",
  "rounded-xl border border-slate-200 bg-white shadow-sm h-full rounded-2xl p-6 sm:p-8",
  "rounded-xl border border-slate-200 bg-white shadow-sm flex h-full flex-col rounded-2xl p-6 sm:p-8",
  "flex size-12 shrink-0 items-center justify-center rounded-xl bg-red-100 text-red-800 bg-white shadow-sm",
  "rounded-xl border border-slate-200 bg-white shadow-sm relative flex h-full flex-col rounded-2xl p-6 sm:p-8",
  "flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-200 text-slate-800 bg-white shadow-sm",
  "flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800 bg-white shadow-sm",
  "flex size-12 shrink-0 items-center justify-center rounded-xl bg-ocean-100 text-ocean-700 bg-white shadow-sm",
  "flex size-12 shrink-0 items-center justify-center rounded-xl bg-violet-100 text-violet-800 bg-white shadow-sm",
  "flex size-12 shrink-0 items-center justify-center rounded-xl bg-indigo-100 text-indigo-800 bg-white shadow-sm",
  "flex size-12 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 bg-white shadow-sm",
  "rounded-xl border border-slate-200 bg-white shadow-sm relative flex h-full flex-col rounded-2xl p-6 sm:p-8 ring-2 ring-ocean-700",
  "mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 gap-4 py-8 lg:px-8",
  "relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm border-ocean-600 shadow-xl ring-2 ring-ocean-600 lg:-my-4 lg:py-12",
  "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold bg-sun-400 text-slate-900 absolute -top-3 left-6 px-3 py-1 shadow-sm",
  "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold bg-sun-400 text-slate-900 absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1 shadow-sm",
];

const UNCHANGED = [
  "flex items-center gap-2 text-sm font-semibold text-brand-900",
  "hidden sm:flex md:grid",
  "p-6 pt-0",
  "border border-slate-200 bg-white shadow-sm",
  "text-base text-white sm:text-lg hover:text-brand-100",
  "[&_svg]:size-4 [&_svg]:shrink-0 size-10",
  "bg-gradient-to-br from-brand-800 to-brand-950 text-white",
  "ring-1 ring-white/15 ring-inset",
  "-mt-2 mt-4",
];

describe("cn", () => {
  it("drops what a later utility of the same kind overrides, as tailwind-merge does", () => {
    for (const classes of OVERRIDDEN) expect(cn(classes), classes).toBe(twMerge(classes));
  });

  it("leaves class lists without a conflict as they are", () => {
    for (const classes of UNCHANGED) {
      expect(cn(classes), classes).toBe(twMerge(classes));
    }
  });

  it("joins conditional parts like clsx", () => {
    expect(cn("a", false, null, undefined, { b: true, c: false }, ["d"])).toBe("a b d");
    expect(cn("text-sm", { "text-lg": true })).toBe("text-lg");
  });
});

const clientDir = join(
  process.env.DIST_DIR ?? fileURLToPath(new URL("../../dist", import.meta.url)),
  "client",
);

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "assets") return [];
    if (statSync(path).isDirectory()) return pages(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

describe("the built pages", () => {
  if (!existsSync(join(clientDir, "index.html"))) {
    it.skip(`skipped: ${clientDir} is not built (\`npm test\` builds first)`, () => {});
    return;
  }
  it("hold no class attribute in which tailwind-merge would drop a utility", () => {
    const conflicts: string[] = [];
    for (const page of pages(clientDir)) {
      for (const match of readFileSync(page, "utf8").matchAll(/class="([^"]*)"/g)) {
        const classes = (match[1] ?? "").replaceAll("&amp;", "&");
        for (const conflict of classConflicts([classes])) conflicts.push(`${page}: ${conflict}`);
      }
    }
    expect(conflicts).toEqual([]);
  });
});
