// Staff invitations, through the real endpoints: an owner invites an address, the e-mail (read from the .eml outbox,
// as the invitee would) holds a link whose token works once for 72 hours; accepting creates the account with the
// invited role and signs it in (through the two-factor setup when it is required).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog, staffInvites } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { createInvite } from "../../server/staff/invites";
import { INVITE_MESSAGES } from "../../shared/staff-accounts";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { latestMailTo } from "../helpers/outbox-mail";
import { sameSite, type TestApp, withTestApp } from "../helpers/test-app";

const PASSWORD = "lagoon-breadfruit-canoe-41";

function invitesFor(t: TestApp) {
  let owner = "";
  const as = (cookie: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  return {
    signInOwner: async () => {
      owner = await createStaffAndSignIn(t.app, t.database.db);
    },
    owner: (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
      as(owner, method, url, payload),
    as,
    open: (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/staff-invite", payload, headers: sameSite }),
    accept: (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/staff-invite/accept", payload, headers: sameSite }),
    /** Invites `email` and answers the token from the link in the e-mail that went out. */
    async invite(email: string, role: "owner" | "staff" = "staff") {
      const res = await as(owner, "POST", "/api/admin/staff/invites", { email, role });
      expect(res.statusCode).toBe(200);
      await t.app.outbox.drain();
      return tokenIn(latestMailTo(t.app.env.DATA_DIR, email) ?? "");
    },
  };
}

function tokenIn(mail: string): string {
  const token = /\/admin\/invite#([\w-]{43})/.exec(mail)?.[1];
  if (!token) throw new Error(`no invitation link in:\n${mail}`);
  return token;
}

describe("staff invitations", () => {
  const t = withTestApp();
  const s = invitesFor(t);
  beforeAll(() => s.signInOwner());

  it("e-mails a 72-hour link holding a 256-bit token stored only as its SHA-256, and audits the invitation", async () => {
    const before = Date.now();
    const token = await s.invite("Ana.Vula@Example.fj");
    const mail = latestMailTo(t.app.env.DATA_DIR, "ana.vula@example.fj") ?? "";
    expect(mail).toContain("Subject: You are invited to the");
    expect(mail).toContain(`${t.app.env.PUBLIC_URL}/admin/invite#${token}`);
    const [row] = await t.database.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.email, "ana.vula@example.fj"));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const hours = ((row?.expiresAt.getTime() ?? 0) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "staff.invited"));
    expect(audits.at(-1)).toMatchObject({
      actor: "staff",
      details: { email: "ana.vula@example.fj", role: "staff" },
    });
  });

  it("shows who invited and the role, and the link does nothing until the form is sent", async () => {
    const token = await s.invite("seru@example.fj", "owner");
    const res = await s.open({ token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: "seru@example.fj", role: "owner", invitedBy: "staff" });
    const [account] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.email, "seru@example.fj"));
    expect(account).toBeUndefined();
  });

  it("accepting creates the account with the invited role and e-mail, signs it in, and marks the link used", async () => {
    const token = await s.invite("losa@example.fj");
    const res = await s.accept({ token, username: "losa", password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: "losa", role: "staff" });
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const auth = await s.as(cookie, "GET", "/api/admin/auth");
    expect(auth.json()).toEqual({ username: "losa", role: "staff" });
    const [account] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, "losa"));
    expect(account).toMatchObject({ email: "losa@example.fj", role: "staff", disabledAt: null });

    const again = await s.accept({ token, username: "losa2", password: PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(INVITE_MESSAGES.used);
    expect((await s.open({ token })).statusCode).toBe(410);
    // The new account signs in with its password like any other.
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "losa", password: PASSWORD },
      headers: sameSite,
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuses weak or common passwords and bad usernames with the usual messages, and the link still works after", async () => {
    const token = await s.invite("mere@example.fj");
    const short = await s.accept({ token, username: "mere", password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("The password must be at least 12 characters.");
    const common = await s.accept({ token, username: "mere", password: "password1234" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toContain("too common");
    const badName = await s.accept({ token, username: "mere smith", password: PASSWORD });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toContain("The username must be 2-100 characters");
    const taken = await s.accept({ token, username: "staff", password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect((await s.accept({ token, username: "mere@example.fj", password: PASSWORD })).statusCode).toBe(200);
  });

  it("an expired link answers 410 with its own message", async () => {
    const token = await s.invite("expired@example.fj");
    await t.database.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.email, "expired@example.fj"));
    const res = await s.accept({ token, username: "expired", password: PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITE_MESSAGES.expired);
    expect((await s.open({ token })).json().message).toBe(INVITE_MESSAGES.expired);
  });

  it("a revoked link answers 410; an unknown one 404; a malformed one 400", async () => {
    const token = await s.invite("revoked@example.fj");
    const [row] = await t.database.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.email, "revoked@example.fj"));
    expect((await s.owner("POST", `/api/admin/staff/invites/${row?.id}/revoke`)).statusCode).toBe(200);
    const res = await s.open({ token });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(INVITE_MESSAGES.revoked);
    expect((await s.owner("POST", `/api/admin/staff/invites/${row?.id}/revoke`)).statusCode).toBe(409);

    const unknown = await s.open({ token: "A".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVITE_MESSAGES.unknown);
    expect((await s.open({ token: "short" })).statusCode).toBe(400);
    expect((await s.open({})).statusCode).toBe(400);
  });

  it("resending sends a new link and the old one stops working; a new invitation withdraws the older one", async () => {
    const first = await s.invite("resend@example.fj");
    const [row] = await t.database.db
      .select()
      .from(staffInvites)
      .where(eq(staffInvites.email, "resend@example.fj"));
    expect((await s.owner("POST", `/api/admin/staff/invites/${row?.id}/resend`)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const second = tokenIn(latestMailTo(t.app.env.DATA_DIR, "resend@example.fj") ?? "");
    expect(second).not.toBe(first);
    expect((await s.open({ token: first })).statusCode).toBe(404);
    expect((await s.open({ token: second })).statusCode).toBe(200);

    const third = await s.invite("resend@example.fj", "owner");
    expect((await s.open({ token: second })).json().message).toBe(INVITE_MESSAGES.revoked);
    expect((await s.open({ token: third })).json()).toMatchObject({ role: "owner" });
  });

  it("refuses to invite an address that already has an account, and a bad address or role with 400", async () => {
    const dup = await s.owner("POST", "/api/admin/staff/invites", {
      email: "losa@example.fj",
      role: "staff",
    });
    expect(dup.statusCode).toBe(409);
    const bad = await s.owner("POST", "/api/admin/staff/invites", { email: "not-an-email", role: "staff" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Email must be a valid email address");
    const role = await s.owner("POST", "/api/admin/staff/invites", { email: "x@example.fj", role: "boss" });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain("The role must be owner or staff.");
  });

  it("the same link sent twice at once makes one account", async () => {
    const token = await s.invite("race@example.fj");
    const [a, b] = await Promise.all([
      s.accept({ token, username: "race-a", password: PASSWORD }),
      s.accept({ token, username: "race-b", password: PASSWORD }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
    const made = await t.database.db.select().from(adminUsers).where(eq(adminUsers.email, "race@example.fj"));
    expect(made).toHaveLength(1);
  });
});

describe("staff invitations with two-factor required", () => {
  const t = withTestApp({ env: { ADMIN_REQUIRE_MFA: "true" } });
  const s = invitesFor(t);

  it("the new account reaches only the two-factor setup, not the dashboard's calls", async () => {
    // The owner signs in before two-factor is on: a setup-stage session cannot invite, so do it in the database.
    await createAdmin(t.database.db, "owner1", PASSWORD);
    await createInvite(
      t.database.db,
      { email: "mfa@example.fj", role: "staff" },
      { actor: "owner1", ip: "" },
      t.app.env.PUBLIC_URL,
    );
    await t.app.outbox.drain();
    const token = tokenIn(latestMailTo(t.app.env.DATA_DIR, "mfa@example.fj") ?? "");
    const res = await s.accept({ token, username: "mfa-user", password: PASSWORD });
    expect(res.json()).toEqual({ username: "mfa-user", role: "staff", next: "setup" });
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await s.as(cookie, "GET", "/api/admin/auth")).statusCode).toBe(401);
    const setupRes = await s.as(cookie, "POST", "/api/admin/mfa/setup");
    expect(setupRes.statusCode, setupRes.body).toBe(200);
  });
});
