import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIsCurrent, sourceFingerprint, stampFile } from "./build-stamp.mjs";

const root = mkdtempSync(join(tmpdir(), "rpas-stamp-"));
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};
for (const dir of ["web", "shared", "server/db", "scripts/lib"])
  mkdirSync(join(root, dir), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the build stamp", () => {
  it("changes with a server source, so `npm start` rebuilds a changed server", () => {
    write("server/index.ts", "listen(1)");
    const before = sourceFingerprint(root);
    write("server/index.ts", "listen(2)");
    expect(sourceFingerprint(root)).not.toBe(before);
    write("server/db/migrations.sql", "create table t ()");
    expect(sourceFingerprint(root)).not.toBe(before);
  });

  it("tells a current build from a stale or missing one", () => {
    const dist = join(root, "dist");
    expect(buildIsCurrent(root, dist)).toBe(false);
    write("dist/build-stamp", sourceFingerprint(root));
    expect(stampFile(dist)).toBe(join(dist, "build-stamp"));
    expect(buildIsCurrent(root, dist)).toBe(true);
    write("shared/contact.ts", "export {}");
    expect(buildIsCurrent(root, dist)).toBe(false);
  });
});
