// Subscriber sign-in over the real openid-client against a local fake OpenID provider: the whole authorization
// code flow with PKCE, and every way it can go wrong ending in an OidcError with a readable message.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createOidcClient,
  type OidcClient,
  OidcError,
  type OidcErrorKind,
  oidcConfigFrom,
} from "../../server/integrations/oidc";
import { type FakeOidcProvider, startFakeOidcProvider } from "../fakes/oidc-provider";

const REDIRECT_URI = "http://localhost:5000/api/auth/callback";
let fake: FakeOidcProvider;

beforeAll(async () => {
  fake = await startFakeOidcProvider();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
});

function oidc(overrides: { clientSecret?: string; issuerUrl?: string; timeoutMs?: number } = {}): OidcClient {
  const { timeoutMs, ...config } = overrides;
  return createOidcClient(
    {
      issuerUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      redirectUri: REDIRECT_URI,
      ...config,
    },
    timeoutMs === undefined ? {} : { timeoutMs },
  );
}

/** Starts sign-in and follows the provider's redirect, as the browser would. */
async function authorize(client: OidcClient) {
  const start = await client.startLogin();
  const response = await fetch(start.url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const callback = new URL(response.headers.get("location") ?? "");
  const saved = { state: start.state, codeVerifier: start.codeVerifier, nonce: start.nonce };
  return { start, callback, saved };
}

async function signIn(client = oidc()) {
  const { callback, saved } = await authorize(client);
  return client.finishLogin(callback, saved);
}

async function expectOidcError(promise: Promise<unknown>, kind: OidcErrorKind, message: RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OidcError);
  expect((error as OidcError).kind).toBe(kind);
  expect((error as OidcError).message).toMatch(message);
  return error as OidcError;
}

const tokenRequests = () => fake.requests.filter((r) => r.path === "/token");

describe("the authorization code flow with PKCE", () => {
  it("sends the browser to the provider with S256 PKCE, state, nonce and the scopes", async () => {
    const start = await oidc().startLogin();
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/authorize`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: fake.clientId,
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
      issuer: fake.url,
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
    expect(fake.requests.filter((r) => r.path === "/.well-known/openid-configuration")).toHaveLength(1);
  });

  it("sends the registered redirect_uri whatever address the callback came through", async () => {
    const client = oidc();
    const { callback, saved } = await authorize(client);
    const proxied = new URL(`http://10.0.0.7:5001/api/auth/callback${callback.search}`);
    await expect(client.finishLogin(proxied, saved)).resolves.toMatchObject({ subject: "user-1" });
    expect(tokenRequests()[0]?.form.redirect_uri).toBe(REDIRECT_URI);
  });

  it("trims the e-mail address but keeps its case", async () => {
    fake.setNextUser({ sub: "u2", email: "  Pilot@Example.COM ", email_verified: true });
    expect((await signIn()).email).toBe("Pilot@Example.COM");
  });

  it("takes the first name from given_name, else the first word of name, else none", async () => {
    fake.setNextUser({
      sub: "u3",
      email: "a@example.com",
      email_verified: true,
      given_name: "Sera",
      name: "Other Name",
    });
    expect((await signIn()).firstName).toBe("Sera");
    fake.setNextUser({ sub: "u4", email: "b@example.com", email_verified: true, name: "  Jone Vakarau " });
    expect((await signIn()).firstName).toBe("Jone");
    fake.setNextUser({ sub: "u5", email: "c@example.com", email_verified: true });
    expect((await signIn()).firstName).toBeNull();
  });

  it("asks the userinfo endpoint for the e-mail when the ID token has none", async () => {
    fake.behave({ omitEmailFromIdToken: true });
    const identity = await signIn();
    expect(identity).toMatchObject({ email: "pilot@example.com", emailVerified: true, firstName: "Mere" });
    const userinfo = fake.requests.filter((r) => r.path === "/userinfo");
    expect(userinfo).toMatchObject([{ auth: "bearer", status: 200 }]);
  });

  it("does not call userinfo when the ID token has the e-mail", async () => {
    await signIn();
    expect(fake.requests.some((r) => r.path === "/userinfo")).toBe(false);
  });

  it('accepts email_verified sent as the string "true"', async () => {
    fake.setNextUser({ sub: "u7", email: "e@example.com", email_verified: "true" });
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
    fake.behave({ idTokenNonce: "replayed-nonce" });
    await expectOidcError(signIn(), "invalid", /nonce/);
  });

  it("refuses an ID token from another issuer", async () => {
    fake.behave({ idTokenIssuer: "https://impostor.example" });
    await expectOidcError(signIn(), "invalid", /iss/);
  });

  it("refuses an ID token with a bad signature", async () => {
    fake.behave({ badSignature: true });
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
    fake.behave({ tokenError: "invalid_grant" });
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
    fake.behave({ authorizeError: "access_denied" });
    await expectOidcError(signIn(), "denied", /access_denied/);
  });

  it("refuses an address the provider says is not verified", async () => {
    fake.setNextUser({ sub: "u8", email: "f@example.com", email_verified: false });
    await expectOidcError(signIn(), "unverified", /not verified/);
    fake.setNextUser({ sub: "u9", email: "g@example.com", email_verified: "false" });
    await expectOidcError(signIn(), "unverified", /not verified/);
  });

  it("refuses an address whose email_verified is missing", async () => {
    fake.setNextUser({ sub: "u6", email: "d@example.com" });
    await expectOidcError(signIn(), "unverified", /did not confirm that this e-mail address is verified/);
  });

  it("refuses an unverified address found through userinfo", async () => {
    fake.behave({ omitEmailFromIdToken: true });
    fake.setNextUser({ sub: "u10", email: "h@example.com", email_verified: false });
    await expectOidcError(signIn(), "unverified", /not verified/);
  });

  it("refuses a person without an e-mail address", async () => {
    fake.setNextUser({ sub: "u11", given_name: "Nobody" });
    await expectOidcError(signIn(), "email", /did not share an e-mail address/);
    expect(fake.requests.some((r) => r.path === "/userinfo")).toBe(true);
  });
});

describe("an unavailable provider", () => {
  it("reports a failed discovery readably, then tries again", async () => {
    const client = oidc();
    fake.behave({ discoveryStatus: 500 });
    const error = await expectOidcError(client.startLogin(), "unavailable", /HTTP 500/);
    expect(error.message).toContain(fake.url);
    fake.behave({ discoveryStatus: null });
    await expect(client.startLogin()).resolves.toMatchObject({ state: expect.any(String) });
  });

  it("reports a provider nobody answers at", async () => {
    const gone = await startFakeOidcProvider();
    await gone.close();
    const client = oidc({ issuerUrl: gone.url });
    await expectOidcError(client.startLogin(), "unavailable", /cannot connect \(ECONNREFUSED\)/);
  });

  it("reports a token endpoint that is down", async () => {
    fake.behave({ tokenError: "temporarily_unavailable", tokenErrorStatus: 503 });
    await expectOidcError(signIn(), "unavailable", /answered HTTP 503/);
  });

  it("gives up on a discovery that hangs", async () => {
    fake.behave({ hang: "discovery" });
    const started = Date.now();
    await expectOidcError(oidc({ timeoutMs: 300 }).startLogin(), "unavailable", /no answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("gives up on a token request that hangs", async () => {
    const client = oidc({ timeoutMs: 300 });
    const { callback, saved } = await authorize(client);
    fake.behave({ hang: "token" });
    await expectOidcError(client.finishLogin(callback, saved), "unavailable", /no answer within 0.3 s/);
  });
});

describe("configuration", () => {
  const env = { PUBLIC_URL: "https://pacificsky.example/" };
  const all = {
    OIDC_ISSUER_URL: "https://id.example.com",
    OIDC_CLIENT_ID: "site",
    OIDC_CLIENT_SECRET: "very-secret-value",
  };

  it("is off when nothing is set", () => {
    expect(oidcConfigFrom(env)).toBeNull();
    expect(oidcConfigFrom({ ...env, OIDC_ISSUER_URL: " ", OIDC_CLIENT_ID: "" })).toBeNull();
  });

  it("names what is missing when only some is set, never the secret", () => {
    expect(() => oidcConfigFrom({ ...env, OIDC_CLIENT_SECRET: "very-secret-value" })).toThrow(
      /OIDC_ISSUER_URL and OIDC_CLIENT_ID are not set/,
    );
    expect(() => oidcConfigFrom({ ...env, ...all, OIDC_CLIENT_ID: undefined })).toThrow(
      /OIDC_CLIENT_ID is not set/,
    );
    try {
      oidcConfigFrom({ ...env, OIDC_CLIENT_SECRET: "very-secret-value" });
    } catch (error) {
      expect(error).toBeInstanceOf(OidcError);
      expect(String(error)).not.toContain("very-secret-value");
    }
  });

  it("builds the callback address from PUBLIC_URL", () => {
    expect(oidcConfigFrom({ ...env, ...all })).toEqual({
      issuerUrl: "https://id.example.com",
      clientId: "site",
      clientSecret: "very-secret-value",
      redirectUri: "https://pacificsky.example/api/auth/callback",
    });
  });

  it("takes a pasted discovery address as its issuer", () => {
    const config = oidcConfigFrom({
      ...env,
      ...all,
      OIDC_ISSUER_URL: "https://id.example.com/realms/site/.well-known/openid-configuration",
    });
    expect(config?.issuerUrl).toBe("https://id.example.com/realms/site");
  });

  it("requires https except for a provider on this machine", () => {
    const withIssuer = (OIDC_ISSUER_URL: string) => () => oidcConfigFrom({ ...env, ...all, OIDC_ISSUER_URL });
    expect(withIssuer("http://id.example.com")).toThrow(OidcError);
    expect(withIssuer("http://id.example.com")).toThrow(/must be an https:\/\/ address/);
    expect(withIssuer("not a url")).toThrow(/not a URL/);
    expect(withIssuer("http://localhost:8080")).not.toThrow();
    expect(withIssuer("http://127.0.0.1:8080")).not.toThrow();
    expect(() => oidc({ issuerUrl: "http://id.example.com" })).toThrow(/https/);
  });
});
