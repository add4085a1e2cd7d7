// /my-training with an OpenID Connect provider configured: the page offers it beside the e-mail code, and a person
// signed in through it comes back to /my-training and sees the applications of their verified e-mail.
import { describe, expect, it } from "vitest";
import { insertEnrollment } from "../helpers/admin-session";
import { withFakeOidc } from "../helpers/oidc";
import { cookieOf } from "../helpers/subscriber";
import { withTestApp } from "../helpers/test-app";

describe("my training with OIDC", () => {
  const provider = withFakeOidc();
  const t = withTestApp(() => ({
    env: {
      OIDC_ISSUER_URL: provider.fake.url,
      OIDC_CLIENT_ID: provider.fake.clientId,
      OIDC_CLIENT_SECRET: provider.fake.clientSecret,
    },
  }));

  it("offers OIDC sign-in, which returns to /my-training and lists that e-mail's applications", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/training/sign-in-options" })).json()).toEqual({
      oidc: true,
    });
    await insertEnrollment(t.database.db, { email: "seru@example.fj", courseType: "advanced" });
    await insertEnrollment(t.database.db, { email: "someone.else@example.fj" });
    provider.fake.setNextUser({
      sub: "u-9",
      email: "Seru@Example.FJ",
      email_verified: true,
      given_name: "Seru",
    });
    const login = await t.app.inject({ method: "GET", url: "/api/login?returnTo=%2Fmy-training" });
    const atProvider = await fetch(login.headers.location as string, { redirect: "manual" });
    const callback = new URL(atProvider.headers.get("location") ?? "");
    const back = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieOf(login) },
    });
    expect(back.headers.location).toBe("/my-training");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/training/applications",
      headers: { cookie: cookieOf(back) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      email: "seru@example.fj",
      applications: [{ courseType: "advanced", courseTitle: "Advanced RPAS Pilot", status: "applied" }],
    });
    expect(list.json().applications).toHaveLength(1);
  });
});
