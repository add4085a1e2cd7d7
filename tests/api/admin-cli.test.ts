// `npm run admin`: the real script in a child process, on the embedded database in a temporary DATA_DIR.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
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
    // A DATA_DIR where no server ever ran (a typo, or not the server's): named, and nothing is written there.
    const elsewhere = admin(["create", "Alice"], "a-long-enough-password\n");
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.out).toContain(
      `Using the embedded database in ${join(dataDir, "pglite")} (DATA_DIR=${dataDir})`,
    );
    expect(elsewhere.out).toContain("No server has run on this database yet");
    expect(elsewhere.out).toContain(`(DATA_DIR=${dataDir} here), or add --init`);
    expect(existsSync(join(dataDir, "pglite"))).toBe(false);
    // Told to, it sets the database up for a server to use later.
    const created = admin(["create", "Alice", "--init"], "a-long-enough-password\n");
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

  it("reset-2fa turns a staff member's two-factor off and ends their sessions", {
    timeout: 300_000,
  }, async () => {
    // Two-factor on, as the dashboard leaves it, and a signed-in session.
    const pglite = new PGlite(join(dataDir, "pglite"));
    await pglite.query(
      `update admin_users set totp_secret = 'v1.x.y.z', totp_enabled_at = now(), totp_last_step = 1
       where username = 'alice'`,
    );
    await pglite.query(
      `insert into admin_recovery_codes (admin_user_id, code_hash) select id, 'h' from admin_users where username = 'alice'`,
    );
    await pglite.query(
      `insert into sessions (id_hash, kind, admin_user_id, expires_at)
       select 'cli-test-session', 'admin', id, now() + interval '1 hour' from admin_users where username = 'alice'`,
    );
    await pglite.close();

    expect(admin(["reset-2fa"]).code).toBe(2);
    expect(admin(["reset-2fa", "nobody"]).out).toContain("No staff account");
    const reset = admin(["reset-2fa", "Alice"]);
    expect(reset.out).toContain("Two-factor sign-in of 'alice' turned off");
    expect(reset.code).toBe(0);

    const after = new PGlite(join(dataDir, "pglite"));
    const users = await after.query<{ totp_secret: string | null; totp_enabled_at: Date | null }>(
      "select totp_secret, totp_enabled_at from admin_users where username = 'alice'",
    );
    const codes = await after.query("select * from admin_recovery_codes");
    const sessions = await after.query("select * from sessions");
    await after.close();
    expect(users.rows[0]).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(codes.rows).toHaveLength(0);
    expect(sessions.rows).toHaveLength(0);
  });

  it("set-role makes an account an owner again, audited, and refuses to demote the last owner", {
    timeout: 300_000,
  }, async () => {
    // alice is the site's first account, so its owner; bob is made staff beside her.
    expect(admin(["create", "bob"], "quiet-harbour-lantern-7\n").code).toBe(0);
    expect(admin(["set-role", "bob"]).code).toBe(2);
    expect(admin(["set-role", "bob", "manager"]).code).toBe(2);
    const promoted = admin(["set-role", "Bob", "owner"]);
    expect(promoted.out).toContain("'bob' is now an owner.");
    expect(promoted.code).toBe(0);
    expect(admin(["set-role", "alice", "staff"]).code).toBe(0);
    const last = admin(["set-role", "bob", "staff"]);
    expect(last.code).toBe(1);
    expect(last.out).toMatch(/owner/i);
    expect(admin(["list"]).out).toMatch(/^bob\towner/m);
    const pglite = new PGlite(join(dataDir, "pglite"));
    const { rows } = await pglite.query<{ actor: string; details: unknown }>(
      "select actor, details from audit_log where action = 'staff.changed' order by id",
    );
    await pglite.close();
    expect(rows.map((row) => row.actor)).toEqual(["server command line", "server command line"]);
  });

  it("refuses to open the embedded database while a server holds it", () => {
    // This test process stands in for the running server: its pid is alive.
    writeFileSync(join(dataDir, "server.pid"), `${process.pid}\n`);
    const refused = admin(["create", "carol"], "a-long-enough-password\n");
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Stop it first");
  });
});
