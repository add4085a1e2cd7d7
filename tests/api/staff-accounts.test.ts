// Staff accounts and roles, through the real endpoints: only owners list and change accounts; disabling ends the
// account's sessions at once; the last owner cannot demote or disable themself; staff cannot decide refunds; the
// first account, and the environment's, are owners; every change is audited.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog, sessions } from "../../server/db/schema";
import { createAdmin, ensureAdminFromEnv, ensureOwner } from "../../server/staff/accounts";
import { LAST_OWNER_MESSAGE } from "../../shared/staff-accounts";
import { createStaffAndSignIn, signIn } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

const PASSWORD = "reef-coconut-harbour-58";

describe("staff accounts", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let owner = "";
  let staff = "";
  const call = (cookie: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const idOf = async (username: string) => {
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, username));
    if (!row) throw new Error(`no account ${username}`);
    return row.id;
  };

  beforeAll(async () => {
    // The first account of a site is its owner; the next ones are staff.
    owner = await createStaffAndSignIn(t.app, t.database.db);
    await createAdmin(t.database.db, "vika", PASSWORD);
    staff = (await signIn(t.app, { username: "vika", password: PASSWORD })).cookie;
  });

  it("GET /api/admin/auth says the role", async () => {
    expect((await call(owner, "GET", "/api/admin/auth")).json()).toEqual({
      username: "staff",
      role: "owner",
    });
    expect((await call(staff, "GET", "/api/admin/auth")).json()).toEqual({ username: "vika", role: "staff" });
  });

  it("lists every account for an owner: role, two-factor, created, last sign-in, disabled", async () => {
    const res = await call(owner, "GET", "/api/admin/staff");
    expect(res.statusCode).toBe(200);
    const { accounts } = res.json();
    expect(accounts).toHaveLength(2);
    // Owners use two factors (ADR 051): the first sign-in set it up.
    expect(accounts[0]).toMatchObject({ username: "staff", role: "owner", self: true, mfaEnabled: true });
    expect(accounts[1]).toMatchObject({ username: "vika", role: "staff", self: false, disabledAt: null });
    expect(Date.parse(accounts[1].lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(accounts[1].createdAt)).toBeGreaterThan(0);
  });

  it("staff get 403 on every owner call, before the body is even read", async () => {
    const vika = await idOf("vika");
    const calls: [method: "GET" | "POST" | "PATCH", url: string][] = [
      ["GET", "/api/admin/staff"],
      ["POST", "/api/admin/staff/invites"],
      ["POST", "/api/admin/staff/invites/1/resend"],
      ["POST", "/api/admin/staff/invites/1/revoke"],
      ["PATCH", `/api/admin/staff/accounts/${vika}`],
      ["POST", "/api/admin/course-refunds/1/approve"],
      ["POST", "/api/admin/course-refunds/1/reject"],
    ];
    for (const [method, url] of calls) {
      const res = await call(staff, method, url, method === "GET" ? undefined : { role: "owner" });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
      expect(res.json().message).toBe("Only an owner can do this.");
    }
    expect((await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, vika)))[0]?.role).toBe(
      "staff",
    );
  });

  it("disabling ends the account's sessions at once and its sign-in; enabling lets it sign in again", async () => {
    const vika = await idOf("vika");
    expect((await call(staff, "GET", "/api/enrollments/summary")).statusCode).toBe(200);
    const res = await call(owner, "PATCH", `/api/admin/staff/accounts/${vika}`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: "vika", disabledAt: expect.any(String) });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.adminUserId, vika))).toHaveLength(0);
    expect((await call(staff, "GET", "/api/enrollments/summary")).statusCode).toBe(401);
    const refused = await signIn(t.app, { username: "vika", password: PASSWORD });
    expect(refused.status).toBe(401);

    const enabled = await call(owner, "PATCH", `/api/admin/staff/accounts/${vika}`, { disabled: false });
    expect(enabled.json()).toMatchObject({ disabledAt: null });
    const again = await signIn(t.app, { username: "vika", password: PASSWORD });
    expect(again.status).toBe(200);
    staff = again.cookie;
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "staff.changed"));
    expect(audits.map((row) => row.details)).toEqual([
      { username: "vika", disabled: true },
      { username: "vika", disabled: false },
    ]);
  });

  it("the last owner cannot demote or disable themself (409); with a second owner they can", async () => {
    const self = await idOf("staff");
    for (const change of [{ role: "staff" }, { disabled: true }]) {
      const res = await call(owner, "PATCH", `/api/admin/staff/accounts/${self}`, change);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LAST_OWNER_MESSAGE);
    }
    const vika = await idOf("vika");
    const promoted = await call(owner, "PATCH", `/api/admin/staff/accounts/${vika}`, { role: "owner" });
    expect(promoted.json()).toMatchObject({ role: "owner" });
    // The role is read at every request: vika's open session is an owner's now.
    expect((await call(staff, "GET", "/api/admin/staff")).statusCode).toBe(200);
    // A role change asks for a second factor, which vika, staff until now, has not set up: she is told to.
    const unset = await call(staff, "PATCH", `/api/admin/staff/accounts/${self}`, { role: "staff" });
    expect(unset.statusCode).toBe(403);
    expect(unset.json().code).toBe("mfa_setup_required");
    // Her next sign-in, an owner's, sets up two-factor first (the helper does it as the dashboard would).
    staff = (await signIn(t.app, { username: "vika", password: PASSWORD })).cookie;
    const demoted = await call(owner, "PATCH", `/api/admin/staff/accounts/${self}`, { role: "staff" });
    expect(demoted.json()).toMatchObject({ role: "staff", self: true });
    expect((await call(owner, "GET", "/api/admin/staff")).statusCode).toBe(403);
    // Back as they were, by the remaining owner; and vika now cannot demote herself.
    expect(
      (await call(staff, "PATCH", `/api/admin/staff/accounts/${self}`, { role: "owner" })).statusCode,
    ).toBe(200);
    expect(
      (await call(owner, "PATCH", `/api/admin/staff/accounts/${vika}`, { role: "staff" })).statusCode,
    ).toBe(200);
    const last = await call(owner, "PATCH", `/api/admin/staff/accounts/${self}`, { disabled: true });
    expect(last.statusCode).toBe(409);
  });

  it("an unknown account is a 404, a bad body a 400, and a change that changes nothing is not logged", async () => {
    expect(
      (await call(owner, "PATCH", "/api/admin/staff/accounts/99999", { role: "staff" })).statusCode,
    ).toBe(404);
    expect((await call(owner, "PATCH", "/api/admin/staff/accounts/abc", { role: "staff" })).statusCode).toBe(
      404,
    );
    const bad = await call(owner, "PATCH", `/api/admin/staff/accounts/${await idOf("vika")}`, {
      role: "boss",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("The role must be owner or staff.");
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "staff.changed"));
    await call(owner, "PATCH", `/api/admin/staff/accounts/${await idOf("vika")}`, { role: "staff" });
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "staff.changed"));
    expect(after).toHaveLength(before.length);
  });
});

describe("owners at start", () => {
  const t = withTestApp();

  it("the environment's existing account is left as it is; with no enabled owner the oldest enabled account becomes one", async () => {
    const db = t.database.db;
    await createAdmin(db, "first", PASSWORD);
    await createAdmin(db, "second", PASSWORD);
    await createAdmin(db, "third", PASSWORD);
    const roleOf = async (username: string) =>
      (await db.select().from(adminUsers).where(eq(adminUsers.username, username)))[0]?.role;
    expect([await roleOf("first"), await roleOf("second")]).toEqual(["owner", "staff"]);

    // ADR 050: ADMIN_USERNAME never changes an existing account (`npm run admin -- set-role` is the way back in).
    expect(await ensureAdminFromEnv(db, "third", "ignored-when-the-account-exists")).toBe("unchanged");
    expect(await roleOf("third")).toBe("staff");

    await db.update(adminUsers).set({ role: "staff" });
    await db.update(adminUsers).set({ disabledAt: new Date() }).where(eq(adminUsers.username, "first"));
    expect(await ensureOwner(db)).toBe("second");
    expect(await roleOf("second")).toBe("owner");
    expect(await ensureOwner(db)).toBeNull();
  });
});
