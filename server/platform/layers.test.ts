// The layer rule of ADR 024: platform/, plugins/ and db/ are machinery every domain uses, so they import no domain
// (and no outside-service adapter of integrations/). A domain hands platform what it needs (the forms posted without
// script, the site details source) through types and values platform itself names.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MACHINERY = ["platform", "plugins", "db"];
/** What machinery may import inside server/: itself and the boot-time environment. */
const ALLOWED = new Set([...MACHINERY, "env.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative module a file imports or re-exports (static and dynamic, type-only included). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g);
  return [...found].map((match) => match[1] as string);
}

/** "server/<first part>" of where an import lands, or null when it lands outside server/ (shared/, say). */
function serverPartOf(file: string, specifier: string): string | null {
  const target = relative(SERVER, resolve(dirname(file), specifier));
  if (target.startsWith("..")) return null;
  const first = target.split(/[\\/]/)[0] as string;
  return target.includes("/") ? first : `${first}.ts`.replace(/\.ts\.ts$/, ".ts");
}

describe("server layers (ADR 024)", () => {
  it("finds the machinery's files, so the rule below checks something", () => {
    const files = MACHINERY.flatMap((dir) => sourceFiles(join(SERVER, dir)));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(importsOf).length).toBeGreaterThan(100);
  });

  it("platform/, plugins/ and db/ import no domain and no integration", () => {
    const crossings = MACHINERY.flatMap((dir) =>
      sourceFiles(join(SERVER, dir)).flatMap((file) =>
        importsOf(file)
          .filter((specifier) => {
            const part = serverPartOf(file, specifier);
            return part !== null && !ALLOWED.has(part);
          })
          .map((specifier) => `${relative(SERVER, file)} imports ${specifier}`),
      ),
    );
    expect(crossings).toEqual([]);
  });

  it("would catch a crossing", () => {
    const file = join(SERVER, "platform", "x.ts");
    expect(serverPartOf(file, "../staff/audit")).toBe("staff");
    expect(serverPartOf(file, "../env")).toBe("env.ts");
    expect(serverPartOf(file, "./sessions")).toBe("platform");
    expect(serverPartOf(file, "../../shared/routes")).toBeNull();
  });
});
