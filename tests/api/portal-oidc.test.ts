// GET /api/login and /api/auth/callback with an OpenID Connect provider: the real openid-client against the fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOidcProvider, startFakeOidcProvider } from "../fakes/oidc-provider";
import { OFF_SITE_RETURN_PATHS } from "../helpers/subscriber";
import { SITE_ORIGIN, withTestApp } from "../helpers/test-app";

describe("subscriber sign-in through an OIDC provider", () => {
  let fake: FakeOidcProvider;
  beforeAll(async () => {
    fake = await startFakeOidcProvider();
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = withTestApp(() => ({
    env: { OIDC_ISSUER_URL: fake.url, OIDC_CLIENT_ID: fake.clientId, OIDC_CLIENT_SECRET: fake.clientSecret },
  }));
  beforeEach(() => fake.reset());

  const cookiesOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies
      .filter((c) => c.value)
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");

  /** Browser steps: /api/login, the provider's redirect, then our callback with the flow cookie. */
  async function signIn(returnTo = "/portal") {
    const login = await t.app.inject({
      method: "GET",
      url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(login.statusCode).toBe(302);
    const flowCookie = cookiesOf(login);
    const atProvider = await fetch(login.headers.location as string, { redirect: "manual" });
    const callback = new URL(atProvider.headers.get("location") ?? "");
    expect(`${callback.origin}${callback.pathname}`).toBe(`${SITE_ORIGIN}/api/auth/callback`);
    return t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: flowCookie },
    });
  }

  it("runs the code flow with PKCE and starts a session with the provider's name and e-mail", async () => {
    fake.setNextUser({ sub: "u-1", email: "Losana@Example.FJ", email_verified: true, given_name: "Losana" });
    const res = await signIn("/portal#library");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/portal#library");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookiesOf(res) },
    });
    expect(me.json()).toMatchObject({ email: "losana@example.fj", firstName: "Losana", subscription: null });
    const authorize = fake.requests.find((r) => r.path === "/authorize");
    expect(authorize?.query.code_challenge_method).toBe("S256");
    expect(authorize?.query.redirect_uri).toBe(`${SITE_ORIGIN}/api/auth/callback`);
  });

  it("keeps the same account when the provider's e-mail changes", async () => {
    fake.setNextUser({ sub: "u-2", email: "old@example.fj", email_verified: true, given_name: "Apisai" });
    const first = await signIn();
    const firstUser = (
      await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookiesOf(first) } })
    ).json();
    fake.setNextUser({ sub: "u-2", email: "new@example.fj", email_verified: true });
    const second = await signIn();
    const secondUser = (
      await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookiesOf(second) } })
    ).json();
    expect(secondUser.id).toBe(firstUser.id);
    expect(secondUser.firstName).toBe("Apisai");
  });

  it("fails safely: no flow cookie, a tampered state, an unverified e-mail", async () => {
    const noCookie = await t.app.inject({ method: "GET", url: "/api/auth/callback?code=x&state=y" });
    expect(noCookie.headers.location).toBe("/portal?signin=failed");

    const login = await t.app.inject({ method: "GET", url: "/api/login" });
    const atProvider = await fetch(login.headers.location as string, { redirect: "manual" });
    const callback = new URL(atProvider.headers.get("location") ?? "");
    callback.searchParams.set("state", "tampered");
    const tampered = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookiesOf(login) },
    });
    expect(tampered.headers.location).toBe("/portal?signin=failed");
    expect(cookiesOf(tampered)).toBe("");

    fake.setNextUser({ sub: "u-3", email: "unverified@example.fj", email_verified: false });
    expect((await signIn()).headers.location).toBe("/portal?signin=unverified");
  });

  it("refuses an account whose email_verified is false or missing, and signs nobody in", async () => {
    for (const user of [
      { sub: "u-4", email: "maybe@example.fj", email_verified: false },
      { sub: "u-5", email: "maybe@example.fj" },
    ]) {
      fake.setNextUser(user);
      const res = await signIn();
      expect(res.headers.location).toBe("/portal?signin=unverified");
      expect(res.cookies.filter((c) => c.value !== "").map((c) => c.name)).toEqual([]);
    }
  });

  it("never returns off-site, whatever returnTo /api/login was given", async () => {
    for (const returnTo of OFF_SITE_RETURN_PATHS) {
      fake.setNextUser({ sub: "u-6", email: "home@example.fj", email_verified: true });
      expect((await signIn(returnTo)).headers.location, returnTo).toBe("/portal");
    }
  });

  it("returns to the portal quietly when the person cancels at the provider", async () => {
    fake.behave({ authorizeError: "access_denied" });
    const res = await signIn();
    expect(res.headers.location).toBe("/portal");
  });
});
