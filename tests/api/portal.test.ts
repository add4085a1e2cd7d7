import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import { SAMPLE_DOCUMENT_MESSAGE } from "../../shared/library";
import type { CurrentUser, LibraryDocument } from "../../shared/portal";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { cookieOf, requestSignInCode, signInSubscriber } from "../helpers/subscriber";
import { sameSite, withTestApp } from "../helpers/test-app";
import { replaceFile } from "./library-fixtures";

describe("subscriber sign-in, documents and access", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let staff: string;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
  });

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: "POST", url, payload, headers: { ...sameSite, ...(cookie ? { cookie } : {}) } });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const requestCode = (email: string, returnTo?: string) => requestSignInCode(t.app, email, returnTo);
  const signInByCode = (email: string) => signInSubscriber(t.app, email);

  const grant = (email: string, until: string) =>
    post("/api/admin/subscriptions/grant", { email, until }, staff);

  it("/api/login sends visitors to the e-mail sign-in page when no OIDC provider is configured", async () => {
    const res = await get("/api/login");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/sign-in?returnTo=%2Fportal");
    expect((await get("/api/login?returnTo=//evil.example")).headers.location).toBe(
      "/sign-in?returnTo=%2Fportal",
    );
  });

  it("signs in with the e-mailed code once, creating the user and a session cookie", async () => {
    const { code } = await requestCode("Mere.Tui@Example.FJ", "/portal#library");
    const wrong = await post("/api/login/email/verify", {
      email: "mere.tui@example.fj",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(
      "That code is not valid or has expired. Request a new one and try again.",
    );
    const res = await post("/api/login/email/verify", { email: "mere.tui@example.fj", code });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { user: CurrentUser; returnTo: string };
    expect(body.returnTo).toBe("/portal#library");
    expect(body.user).toMatchObject({ email: "mere.tui@example.fj", firstName: null, subscription: null });
    expect(res.cookies[0]).toMatchObject({
      name: "__Host-rpas_session",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    });
    const me = await get("/api/auth/user", cookieOf(res));
    expect(me.json()).toEqual(body.user);
    expect((await post("/api/login/email/verify", { email: "mere.tui@example.fj", code })).statusCode).toBe(
      401,
    );
  });

  it("signs in by the link's confirm step, once, and not after 15 minutes", async () => {
    const { token } = await requestCode("link@example.fj");
    const res = await post("/api/login/link", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe("link@example.fj");
    const again = await post("/api/login/link", { token });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("This sign-in link is not valid or has expired. Request a new one.");

    const late = await requestCode("late@example.fj");
    await t.database.db.execute(
      sql`update sign_in_codes set expires_at = now() - interval '1 second' where email = 'late@example.fj'`,
    );
    expect((await post("/api/login/link", { token: late.token })).statusCode).toBe(401);
    expect(
      (await post("/api/login/email/verify", { email: "late@example.fj", code: late.code })).statusCode,
    ).toBe(401);
  });

  it("kills a code after 5 wrong tries, and a new request retires the old code", async () => {
    const { code } = await requestCode("guess@example.fj");
    const wrongCode = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      expect(
        (await post("/api/login/email/verify", { email: "guess@example.fj", code: wrongCode })).statusCode,
      ).toBe(401);
    }
    expect((await post("/api/login/email/verify", { email: "guess@example.fj", code })).statusCode).toBe(401);

    const first = await requestCode("twice@example.fj");
    const second = await requestCode("twice@example.fj");
    expect((await post("/api/login/link", { token: first.token })).statusCode).toBe(401);
    expect(
      (await post("/api/login/email/verify", { email: "twice@example.fj", code: second.code })).statusCode,
    ).toBe(200);
  });

  it("limits sign-in e-mails per address and validates input", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post("/api/login/email", { email: "flood@example.fj" })).statusCode).toBe(202);
    const flooded = await post("/api/login/email", { email: "flood@example.fj" });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toContain("Too many sign-in e-mails");
    expect((await post("/api/login/email", { email: "not-an-email" })).statusCode).toBe(400);
    expect(
      (await post("/api/login/email/verify", { email: "a@example.fj", code: "12ab56" })).statusCode,
    ).toBe(400);
    expect((await post("/api/login/link", { token: "short" })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/login/email", payload: { email: "x@example.fj" } }))
        .statusCode,
    ).toBe(403);
  });

  it("answers /api/auth/user with 401 when signed out, and keeps staff and subscriber sessions apart", async () => {
    expect((await get("/api/auth/user")).statusCode).toBe(401);
    expect((await get("/api/auth/user", staff)).statusCode).toBe(401);
    const user = await signInByCode("apart@example.fj");
    expect((await get("/api/admin/auth", user)).statusCode).toBe(401);
  });

  it("logs out: the session ends and the browser returns to /portal", async () => {
    const cookie = await signInByCode("bye@example.fj");
    // The Logout button is a same-origin navigation (security.test.ts covers one from another site).
    const res = await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/portal");
    expect(res.cookies.map((c) => [c.name, c.value])).toEqual([
      ["__Host-rpas_session", ""],
      ["rpas_signed_in", ""],
    ]);
    expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
  });

  it("lists the six seeded documents", async () => {
    const res = await get("/api/documents");
    const docs = res.json() as LibraryDocument[];
    expect(docs.map((doc) => doc.id)).toEqual(PORTAL_DOCUMENTS.map((doc) => doc.id));
    expect(docs.every((doc) => doc.level === "Premium")).toBe(true);
    // Still the sample files shipped with the site: marked, and sized as the stored one-page PDF really is.
    for (const doc of docs) {
      expect(doc.sample, doc.id).toBe(true);
      expect(doc.fileSize, doc.id).toMatch(/^\d+(\.\d)? KB$/);
      const stored = await t.app.storage.get(`library/${doc.id}/v1.pdf`);
      expect(stored?.length).toBeLessThan(4096);
    }
    expect(docs.map((doc) => doc.fileSize)).not.toContain("8.4 MB");
  });

  it("refuses downloads: 401 signed out, 403 without a subscription, 403 once access has ended", async () => {
    const id = PORTAL_DOCUMENTS[0]?.id ?? "";
    const url = `/api/documents/${id}/download`;
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Please sign in to download premium documents.");
    const cookie = await signInByCode("nosub@example.fj");
    const refused = await get(url, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("subscription is required");

    expect((await grant("nosub@example.fj", "2099-12-31")).statusCode).toBe(200);
    // A subscriber is not sold the sample file: refused until staff upload the real one.
    const sample = await get(url, cookie);
    expect(sample.statusCode).toBe(409);
    expect(sample.json().message).toBe(SAMPLE_DOCUMENT_MESSAGE);
    await replaceFile(t.app, staff, id);
    const listed = ((await get("/api/documents")).json() as LibraryDocument[]).find((d) => d.id === id);
    expect(listed?.sample).toBe(false);
    expect((await get(url, cookie)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update subscriptions set current_period_end = now() - interval '1 minute' where email = 'nosub@example.fj'`,
    );
    expect((await get(url, cookie)).statusCode).toBe(403);
    const me = (await get("/api/auth/user", cookie)).json() as CurrentUser;
    expect(me.subscription).toMatchObject({ status: "active", hasAccess: false });
  });

  it("streams the PDF to a subscriber with current access and counts the download", async () => {
    const doc = PORTAL_DOCUMENTS[1];
    const cookie = await signInByCode("paid@example.fj");
    await grant("paid@example.fj", "2099-01-31");
    const me = (await get("/api/auth/user", cookie)).json() as CurrentUser;
    expect(me.subscription).toEqual({
      provider: "manual",
      status: "active",
      currentPeriodEnd: "2099-01-31T11:59:59.999Z",
      hasAccess: true,
      cancelAt: null,
      grants: [expect.objectContaining({ source: "staff", end: "2099-01-31T11:59:59.999Z", note: null })],
    });
    await replaceFile(t.app, staff, doc?.id ?? "");
    const before = ((await get("/api/documents")).json() as LibraryDocument[]).find((d) => d.id === doc?.id);
    const res = await get(`/api/documents/${doc?.id}/download`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="CAAF-RPAS-Regulations-Operator-s-Guide.pdf"',
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(res.rawPayload.toString("latin1")).toContain("%%EOF");
    const after = ((await get("/api/documents")).json() as LibraryDocument[]).find((d) => d.id === doc?.id);
    expect(after?.downloadCount).toBe((before?.downloadCount ?? 0) + 1);
  });

  it("refuses path tricks and unknown ids with 404", async () => {
    const cookie = await signInByCode("tricks@example.fj");
    await grant("tricks@example.fj", "2099-01-31");
    for (const id of [
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e",
      "..",
      "ICAO-DOC",
      "icao-doc-10019.pdf",
      "nope",
      "a%00b",
      "-x",
    ]) {
      const res = await get(`/api/documents/${id}/download`, cookie);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it("lets staff revoke access, audited, and refuses bad grants", async () => {
    const cookie = await signInByCode("revoked@example.fj");
    await grant("revoked@example.fj", "2099-01-31");
    expect(
      (await post("/api/admin/subscriptions/revoke", { email: "revoked@example.fj" }, staff)).statusCode,
    ).toBe(200);
    expect((await get(`/api/documents/${PORTAL_DOCUMENTS[0]?.id}/download`, cookie)).statusCode).toBe(403);
    expect(
      (await post("/api/admin/subscriptions/revoke", { email: "never@example.fj" }, staff)).statusCode,
    ).toBe(404);
    expect((await grant("x@example.fj", "2020-01-01")).statusCode).toBe(400);
    expect((await grant("x@example.fj", "2026-02-30")).statusCode).toBe(400);
    expect((await grant("x@example.fj", "tomorrow")).statusCode).toBe(400);
    expect(
      (await post("/api/admin/subscriptions/grant", { email: "x@example.fj", until: "2099-01-01" }))
        .statusCode,
    ).toBe(401);
    const list = (await get("/api/admin/subscribers?q=revoked", staff)).json();
    expect(list.items[0]).toMatchObject({
      email: "revoked@example.fj",
      status: "canceled",
      hasAccess: false,
    });
    const audit = (await get("/api/admin/audit?limit=200", staff)).json();
    const actions = audit.items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["subscription.granted", "subscription.revoked"]));
  });
});
