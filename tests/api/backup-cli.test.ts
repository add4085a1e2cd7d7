// `npm run backup` and `npm run restore`: the real scripts in child processes. The backup script asks a server
// listening on this machine (here: the test app) with the token from its DATA_DIR; restore fills an empty DATA_DIR.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "../../server/platform/storage";
import { BACKUP_NAME } from "../../shared/backups";
import { withTestApp } from "../helpers/test-app";

const run = promisify(execFile);
const onPostgres = process.env.TEST_DB === "postgres";
const temp = (name: string) => mkdtempSync(join(tmpdir(), `rpas-${name}-`));

/** Runs a script without blocking this process: the test app answering the backup runs here too. */
async function script(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", `scripts/${name}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: "", ADMIN_USERNAME: "", ADMIN_PASSWORD: "", S3_URL: "", ...env },
      timeout: 120_000,
    });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

// The scripts are the same on either database; the embedded one is the one whose backups hold the database.
describe.skipIf(onPostgres)("npm run backup and npm run restore", () => {
  const dataDir = temp("cli-data");
  const backupDir = temp("cli-backups");
  const t = withTestApp({ env: { DATA_DIR: dataDir, BACKUP_DIR: backupDir } });
  let port = 0;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
    await t.app.storage.put(
      "certificates/PSR-B-2026-0007-v1.pdf",
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      "application/pdf",
    );
  });

  it("backs up through the running server, then restores into an empty DATA_DIR only", {
    timeout: 300_000,
  }, async () => {
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, PORT: String(port), HOST: "127.0.0.1" };

    const noServer = await script("backup", [], { ...env, DATA_DIR: temp("cli-none") });
    expect(noServer.code).toBe(1);
    expect(noServer.out).toContain("No server has started on");

    const made = await script("backup", [], env);
    expect(made.out).toMatch(
      /Backup made: rpas-backup-\S+ \(\d+\.\d MB\) with the database and \d+ files?\./,
    );
    expect(made.code).toBe(0);
    const [archive] = readdirSync(backupDir).filter((name) => BACKUP_NAME.test(name));
    if (!archive) throw new Error("no archive");

    expect((await script("restore", [], env)).code).toBe(2);
    const busy = await script("restore", [join(backupDir, archive)], env);
    expect(busy.code).toBe(1);
    expect(busy.out).toContain("is not empty. A restore only fills an empty DATA_DIR");

    const fresh = join(temp("cli-restore"), "data");
    const restored = await script("restore", [join(backupDir, archive)], { ...env, DATA_DIR: fresh });
    expect(restored.out).toMatch(/into .*: \d+ files?\./);
    expect(restored.out).toContain("The embedded database is restored");
    expect(restored.code).toBe(0);
    expect(existsSync(join(fresh, "pglite", "PG_VERSION"))).toBe(true);
    expect(await localStorage(fresh).exists("certificates/PSR-B-2026-0007-v1.pdf")).toBe(true);
  });
});
