// Issue 30, point 1: React itself runs in the browser and the build-time renderer, as in `npm run dev`; no second
// runtime stands in for it (ADR 047, superseding ADR 042).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const distDir = process.env.DIST_DIR ?? join(root, "dist");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const reactVersion = (JSON.parse(read("node_modules/react-dom/package.json")) as { version: string }).version;

describe("React in every build", () => {
  it("depends on react and react-dom, and on no other runtime standing in for them", () => {
    const manifest = JSON.parse(read("package.json")) as Record<string, Record<string, string>>;
    const dependencies = { ...manifest.dependencies, ...manifest.devDependencies };
    expect(dependencies).toHaveProperty("react");
    expect(dependencies).toHaveProperty("react-dom");
    expect(Object.keys(dependencies).filter((name) => /preact|inferno|nerv/i.test(name))).toEqual([]);
  });

  it("maps react to nothing else in vite.config.ts", () => {
    expect(read("vite.config.ts")).not.toMatch(/find:\s*\/\^react/);
  });

  const assets = join(distDir, "client", "assets");
  it.skipIf(!existsSync(assets))("ships react-dom's own client in the browser bundles", () => {
    const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
    const shipping = scripts.filter((file) => {
      const code = readFileSync(join(assets, file), "utf8");
      // react-dom's client carries its version, and the message of its hydration errors, by number.
      return code.includes(reactVersion) && code.includes("react.dev/errors/");
    });
    expect(shipping.length).toBeGreaterThan(0);
  });
});
