// `npm run admin`: the real script in a child process, on the embedded database in a temporary DATA_DIR.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

const onPostgres = process.env.TEST_DB === "postgres";
const dataDir = mkdtempSync(join(tmpdir(), "rpas-admin-cli-"));

function admin(args: string[], stdin = "") {
  const result = spawnSync("npx", ["tsx", "scripts/admin.ts", ...args], {
    input: stdin,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_USERNAME: "", ADMIN_PASSWORD: "" },
    timeout: 120_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

// The script is the same on either database; the embedded one is what a newcomer has, so that is what runs here.
describe.skipIf(onPostgres)("npm run admin", () => {
  it("creates accounts, refuses duplicates and weak passwords, resets passwords and lists", {
    timeout: 300_000,
  }, async () => {
    expect(admin(["create"]).code).toBe(2);
    const created = admin(["create", "Alice"], "a-long-enough-password\n");
    expect(created.out).toContain("Staff account 'alice' created.");
    expect(created.code).toBe(0);
    const duplicate = admin(["create", "alice"], "another-long-password\n");
    expect(duplicate.code).toBe(1);
    expect(duplicate.out).toContain("already exists");
    const weak = admin(["create", "bob"], "short\n");
    expect(weak.code).toBe(1);
    expect(weak.out).toContain("at least 12 characters");
    const reset = admin(["set-password", "alice"], "a-brand-new-password\n");
    expect(reset.code).toBe(0);
    expect(admin(["set-password", "nobody"], "a-brand-new-password\n").out).toContain("No staff account");
    expect(admin(["list"]).out).toMatch(/^alice\t/m);

    const pglite = new PGlite(join(dataDir, "pglite"));
    const { rows } = await pglite.query<{ username: string; password_hash: string }>(
      "select username, password_hash from admin_users",
    );
    await pglite.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]?.password_hash).not.toContain("a-brand-new-password");
  });

  it("refuses to open the embedded database while a server holds it", () => {
    // This test process stands in for the running server: its pid is alive.
    writeFileSync(join(dataDir, "server.pid"), `${process.pid}\n`);
    const refused = admin(["create", "carol"], "a-long-enough-password\n");
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Stop it first");
  });
});
