import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chmod, makePrivateDir, tightenTree, writePrivateFile } from "./private-files";

const modeOf = (path: string) => statSync(path).mode & 0o777;

function recorder() {
  const lines: { level: "info" | "warn"; message: string }[] = [];
  return {
    lines,
    log: {
      info: (message: string) => lines.push({ level: "info", message }),
      warn: (message: string) => lines.push({ level: "warn", message }),
    },
  };
}

/** A data directory as an older version under umask 022 left it: 0755 folders, 0644 files. */
function openDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rpas-private-unit-"));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, "files", "library"), { recursive: true, mode: 0o755 });
  writeFileSync(join(dir, "session-secret"), "secret\n", { mode: 0o644 });
  writeFileSync(join(dir, "files", "library", "guide.pdf"), "%PDF-1.4\n", { mode: 0o644 });
  return dir;
}

let umaskBefore = 0;
beforeAll(() => {
  umaskBefore = process.umask(0o022);
});
afterAll(() => {
  process.umask(umaskBefore);
});

describe("private files", () => {
  it("creates a missing data directory 0700", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "rpas-private-unit-")), "data");
    const { log, lines } = recorder();
    await makePrivateDir(dir, { log, what: "DATA_DIR" });
    expect(modeOf(dir)).toBe(0o700);
    expect(lines).toEqual([]);
  });

  it("tightens an existing 0755 directory with 0644 files, with one log line", async () => {
    const dir = openDataDir();
    const { log, lines } = recorder();
    const result = await makePrivateDir(dir, { log, what: "DATA_DIR" });
    expect(result).toEqual({ tightened: 5, failed: 0 });
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, "files", "library"))).toBe(0o700);
    expect(modeOf(join(dir, "session-secret"))).toBe(0o600);
    expect(modeOf(join(dir, "files", "library", "guide.pdf"))).toBe(0o600);
    expect(lines).toEqual([
      {
        level: "info",
        message: `DATA_DIR: 5 files and directories under ${dir} were readable by other accounts; now owner-only (files 0600, directories 0700)`,
      },
    ]);
    // A second start finds nothing to do and says nothing.
    const again = recorder();
    expect(await tightenTree(dir, { log: again.log, what: "DATA_DIR" })).toEqual({ tightened: 0, failed: 0 });
    expect(again.lines).toEqual([]);
  });

  it("warns, and goes on, on a volume that refuses chmod", async () => {
    const dir = openDataDir();
    const { log, lines } = recorder();
    const refuse: Chmod = async (path) => {
      throw Object.assign(new Error(`EPERM: operation not permitted, chmod '${path}'`), { code: "EPERM" });
    };
    const result = await makePrivateDir(dir, { log, what: "DATA_DIR", chmod: refuse });
    expect(result).toEqual({ tightened: 0, failed: 5 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe("warn");
    expect(lines[0]?.message).toContain("could not make 5 files and directories");
    expect(lines[0]?.message).toContain("(EPERM)");
  });

  it("does not follow a symbolic link out of the tree", async () => {
    const outside = mkdtempSync(join(tmpdir(), "rpas-private-outside-"));
    writeFileSync(join(outside, "shared.txt"), "x", { mode: 0o644 });
    const dir = openDataDir();
    symlinkSync(outside, join(dir, "link"));
    await tightenTree(dir, { log: recorder().log, what: "DATA_DIR" });
    expect(modeOf(join(outside, "shared.txt"))).toBe(0o644);
  });

  it("writes a file 0600, and makes a file that was there 0600 too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rpas-private-unit-"));
    const fresh = join(dir, "fresh.eml");
    await writePrivateFile(fresh, "Subject: hi\r\n\r\nBula,\r\n");
    expect(modeOf(fresh)).toBe(0o600);
    const existing = join(dir, "existing.eml");
    writeFileSync(existing, "old", { mode: 0o644 });
    await writePrivateFile(existing, "new");
    expect(modeOf(existing)).toBe(0o600);
  });
});
