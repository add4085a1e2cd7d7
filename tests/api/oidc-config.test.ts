// Subscriber sign-in against a fake OpenID provider that is slow, down or misconfigured, and the OIDC_* settings.
import { describe, expect, it } from "vitest";
import { OidcError, oidcConfigFrom } from "../../server/integrations/oidc";
import { startFakeOidcProvider } from "../fakes/oidc-provider";
import { expectOidcError, withFakeOidc } from "../helpers/oidc";

const provider = withFakeOidc();
const { oidc, authorize, signIn } = provider;

describe("an unavailable provider", () => {
  it("reports a failed discovery readably, then tries again", async () => {
    const client = oidc();
    provider.fake.behave({ discoveryStatus: 500 });
    const error = await expectOidcError(client.startLogin(), "unavailable", /HTTP 500/);
    expect(error.message).toContain(provider.fake.url);
    provider.fake.behave({ discoveryStatus: null });
    await expect(client.startLogin()).resolves.toMatchObject({ state: expect.any(String) });
  });

  it("reports a provider nobody answers at", async () => {
    const gone = await startFakeOidcProvider();
    await gone.close();
    const client = oidc({ issuerUrl: gone.url });
    await expectOidcError(client.startLogin(), "unavailable", /cannot connect \(ECONNREFUSED\)/);
  });

  it("reports a token endpoint that is down", async () => {
    provider.fake.behave({ tokenError: "temporarily_unavailable", tokenErrorStatus: 503 });
    await expectOidcError(signIn(), "unavailable", /answered HTTP 503/);
  });

  it("gives up on a discovery that hangs", async () => {
    provider.fake.behave({ hang: "discovery" });
    const started = Date.now();
    await expectOidcError(oidc({ timeoutMs: 300 }).startLogin(), "unavailable", /no answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("gives up on a token request that hangs", async () => {
    const client = oidc({ timeoutMs: 300 });
    const { callback, saved } = await authorize(client);
    provider.fake.behave({ hang: "token" });
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
