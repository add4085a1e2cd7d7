// Subscriber sign-in over the real openid-client against a local fake OpenID provider: the whole authorization
// code flow with PKCE, and every way it can go wrong ending in an OidcError with a readable message.
import { describe, expect, it } from "vitest";
import { expectOidcError, REDIRECT_URI, withFakeOidc } from "../helpers/oidc";

const provider = withFakeOidc();
const { oidc, authorize, signIn, tokenRequests } = provider;

describe("the authorization code flow with PKCE", () => {
  it("sends the browser to the provider with S256 PKCE, state, nonce and the scopes", async () => {
    const start = await oidc().startLogin();
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.fake.url}/authorize`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: provider.fake.clientId,
      response_type: "code",
      redirect_uri: REDIRECT_URI,
      scope: "openid email profile",
      code_challenge_method: "S256",
      state: start.state,
      nonce: start.nonce,
    });
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(q.code_challenge).not.toBe(start.codeVerifier);
    expect(start.codeVerifier).toMatch(/^[\w-]{43,128}$/);
    expect(start.state).not.toBe(start.nonce);
  });

  it("comes back with the person's identity", async () => {
    const identity = await signIn();
    expect(identity).toEqual({
      subject: "user-1",
      issuer: provider.fake.url,
      email: "pilot@example.com",
      emailVerified: true,
      firstName: "Mere",
    });
    const [token] = tokenRequests();
    expect(token?.status).toBe(200);
    expect(token?.auth).toBe("client_secret_basic");
    expect(token?.form.client_secret).toBeUndefined();
    expect(token?.form.redirect_uri).toBe(REDIRECT_URI);
  });

  it("discovers once and reuses the provider's configuration", async () => {
    const client = oidc();
    await signIn(client);
    await signIn(client);
    expect(provider.fake.requests.filter((r) => r.path === "/.well-known/openid-configuration")).toHaveLength(
      1,
    );
  });

  it("sends the registered redirect_uri whatever address the callback came through", async () => {
    const client = oidc();
    const { callback, saved } = await authorize(client);
    const proxied = new URL(`http://10.0.0.7:5001/api/auth/callback${callback.search}`);
    await expect(client.finishLogin(proxied, saved)).resolves.toMatchObject({ subject: "user-1" });
    expect(tokenRequests()[0]?.form.redirect_uri).toBe(REDIRECT_URI);
  });

  it("trims the e-mail address but keeps its case", async () => {
    provider.fake.setNextUser({ sub: "u2", email: "  Pilot@Example.COM ", email_verified: true });
    expect((await signIn()).email).toBe("Pilot@Example.COM");
  });

  it("takes the first name from given_name, else the first word of name, else none", async () => {
    provider.fake.setNextUser({
      sub: "u3",
      email: "a@example.com",
      email_verified: true,
      given_name: "Sera",
      name: "Other Name",
    });
    expect((await signIn()).firstName).toBe("Sera");
    provider.fake.setNextUser({
      sub: "u4",
      email: "b@example.com",
      email_verified: true,
      name: "  Jone Vakarau ",
    });
    expect((await signIn()).firstName).toBe("Jone");
    provider.fake.setNextUser({ sub: "u5", email: "c@example.com", email_verified: true });
    expect((await signIn()).firstName).toBeNull();
  });

  it("asks the userinfo endpoint for the e-mail when the ID token has none", async () => {
    provider.fake.behave({ omitEmailFromIdToken: true });
    const identity = await signIn();
    expect(identity).toMatchObject({ email: "pilot@example.com", emailVerified: true, firstName: "Mere" });
    const userinfo = provider.fake.requests.filter((r) => r.path === "/userinfo");
    expect(userinfo).toMatchObject([{ auth: "bearer", status: 200 }]);
  });

  it("does not call userinfo when the ID token has the e-mail", async () => {
    await signIn();
    expect(provider.fake.requests.some((r) => r.path === "/userinfo")).toBe(false);
  });

  it('accepts email_verified sent as the string "true"', async () => {
    provider.fake.setNextUser({ sub: "u7", email: "e@example.com", email_verified: "true" });
    expect((await signIn()).emailVerified).toBe(true);
  });
});

describe("refusals", () => {
  it("enforces PKCE: another verifier fails", async () => {
    const client = oidc();
    const { callback, saved } = await authorize(client);
    const other = (await client.startLogin()).codeVerifier;
    await expectOidcError(
      client.finishLogin(callback, { ...saved, codeVerifier: other }),
      "invalid",
      /invalid_grant.*PKCE/,
    );
  });

  it("refuses a callback whose state is not the one saved, before calling the token endpoint", async () => {
    const client = oidc();
    const { callback, saved } = await authorize(client);
    await expectOidcError(
      client.finishLogin(callback, { ...saved, state: "someone-elses" }),
      "invalid",
      /state/,
    );
    expect(tokenRequests()).toHaveLength(0);
  });

  it("refuses an ID token with another nonce", async () => {
    provider.fake.behave({ idTokenNonce: "replayed-nonce" });
    await expectOidcError(signIn(), "invalid", /nonce/);
  });

  it("refuses an ID token from another issuer", async () => {
    provider.fake.behave({ idTokenIssuer: "https://impostor.example" });
    await expectOidcError(signIn(), "invalid", /iss/);
  });

  it("refuses an ID token with a bad signature", async () => {
    provider.fake.behave({ badSignature: true });
    await expectOidcError(signIn(), "invalid", /signature/i);
  });

  it("refuses a code used twice", async () => {
    const client = oidc();
    const { callback, saved } = await authorize(client);
    await client.finishLogin(callback, saved);
    const error = await expectOidcError(client.finishLogin(callback, saved), "invalid", /invalid_grant/);
    expect(error.message).not.toContain(callback.searchParams.get("code"));
  });

  it("passes on the token endpoint's refusal", async () => {
    provider.fake.behave({ tokenError: "invalid_grant" });
    await expectOidcError(signIn(), "invalid", /400 invalid_grant/);
  });

  it("fails with a wrong client secret, without showing the secret", async () => {
    const error = await expectOidcError(
      signIn(oidc({ clientSecret: "not-the-secret" })),
      "config",
      /did not accept this site's client credentials \(the provider answered 401\).*OIDC_CLIENT_SECRET/,
    );
    expect(error.message).not.toContain("not-the-secret");
    expect(tokenRequests()[0]?.auth).toBe("client_secret_basic");
  });

  it("reports a person who declined at the provider", async () => {
    provider.fake.behave({ authorizeError: "access_denied" });
    await expectOidcError(signIn(), "denied", /access_denied/);
  });

  it("refuses an address the provider says is not verified", async () => {
    provider.fake.setNextUser({ sub: "u8", email: "f@example.com", email_verified: false });
    await expectOidcError(signIn(), "unverified", /not verified/);
    provider.fake.setNextUser({ sub: "u9", email: "g@example.com", email_verified: "false" });
    await expectOidcError(signIn(), "unverified", /not verified/);
  });

  it("refuses an address whose email_verified is missing", async () => {
    provider.fake.setNextUser({ sub: "u6", email: "d@example.com" });
    await expectOidcError(signIn(), "unverified", /did not confirm that this e-mail address is verified/);
  });

  it("refuses an unverified address found through userinfo", async () => {
    provider.fake.behave({ omitEmailFromIdToken: true });
    provider.fake.setNextUser({ sub: "u10", email: "h@example.com", email_verified: false });
    await expectOidcError(signIn(), "unverified", /not verified/);
  });

  it("refuses a person without an e-mail address", async () => {
    provider.fake.setNextUser({ sub: "u11", given_name: "Nobody" });
    await expectOidcError(signIn(), "email", /did not share an e-mail address/);
    expect(provider.fake.requests.some((r) => r.path === "/userinfo")).toBe(true);
  });
});
