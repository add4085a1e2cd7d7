// ADMIN_USERNAME at start creates its account only when missing and never changes an existing one; the way back in
// for a lost owner is `npm run admin -- set-role USERNAME owner` (ADR 050), its function run here on the real database.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUsers, auditLog } from "../../server/db/schema";
import { AccountError, staffAccountsAtStart } from "../../server/staff/accounts";
import { COMMAND_LINE_ACTOR, setRoleFromCommandLine } from "../../server/staff/staff-accounts";
import { signIn } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

describe("staff accounts at start and on the server's command line", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const env = { ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "first-password-123" };
  const roleOf = async (username: string) => {
    const [row] = await t.database.db
      .select({ role: adminUsers.role })
      .from(adminUsers)
      .where(eq(adminUsers.username, username));
    return row?.role;
  };

  it("creates the ADMIN_USERNAME account as an owner once; a changed password survives restarts", async () => {
    expect(await staffAccountsAtStart(t.database.db, env)).toEqual([
      "Staff account 'ops' created from ADMIN_USERNAME.",
    ]);
    expect(await roleOf("ops")).toBe("owner");
    expect(await staffAccountsAtStart(t.database.db, env)).toEqual([]);
    const { cookie } = await signIn(t.app, { username: "ops", password: env.ADMIN_PASSWORD }, "10.3.0.1");
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/admin/password",
      payload: { currentPassword: env.ADMIN_PASSWORD, newPassword: "second-password-456" },
      headers: { ...sameSite, cookie },
      remoteAddress: "10.3.0.1",
    });
    expect(changed.statusCode).toBe(200);
    // The server restarts with the old environment values: the new password stands.
    await staffAccountsAtStart(t.database.db, env);
    expect((await signIn(t.app, { username: "ops", password: env.ADMIN_PASSWORD }, "10.3.0.2")).status).toBe(
      401,
    );
    expect(
      (await signIn(t.app, { username: "ops", password: "second-password-456" }, "10.3.0.2")).status,
    ).toBe(200);
    await expect(
      staffAccountsAtStart(t.database.db, { ...env, ADMIN_USERNAME: "weak", ADMIN_PASSWORD: "short" }),
    ).rejects.toThrow(/at least 12 characters/);
  });

  it("leaves a demoted ADMIN_USERNAME account demoted however often the server starts", async () => {
    // Another owner took over and demoted the environment's account in the dashboard.
    await t.database.db.insert(adminUsers).values({ username: "vasiti", passwordHash: "x", role: "owner" });
    await t.database.db.update(adminUsers).set({ role: "staff" }).where(eq(adminUsers.username, "ops"));
    await staffAccountsAtStart(t.database.db, env);
    await staffAccountsAtStart(t.database.db, env);
    expect(await roleOf("ops")).toBe("staff");
  });

  it("set-role promotes an account back to owner, audited, and never demotes the last owner", async () => {
    expect(await setRoleFromCommandLine(t.database.db, "OPS", "owner")).toBe(true);
    expect(await roleOf("ops")).toBe("owner");
    // Already so: nothing changes, nothing is logged.
    expect(await setRoleFromCommandLine(t.database.db, "ops", "owner")).toBe(false);
    const rows = await t.database.db
      .select({ actor: auditLog.actor, action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actor, COMMAND_LINE_ACTOR));
    expect(rows).toEqual([
      {
        actor: COMMAND_LINE_ACTOR,
        action: "staff.changed",
        details: { username: "ops", role: { from: "staff", to: "owner" } },
      },
    ]);
    expect(await setRoleFromCommandLine(t.database.db, "vasiti", "staff")).toBe(true);
    await expect(setRoleFromCommandLine(t.database.db, "ops", "staff")).rejects.toThrow(AccountError);
    expect(await roleOf("ops")).toBe("owner");
    await expect(setRoleFromCommandLine(t.database.db, "nobody", "owner")).rejects.toThrow(
      "No staff account is named 'nobody'.",
    );
  });
});
