// A local fake OpenID provider around a describe, and the steps of a sign-in against it with the real
// openid-client: start, follow the provider's redirect as a browser would, finish.
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import {
  createOidcClient,
  type OidcClient,
  OidcError,
  type OidcErrorKind,
} from "../../server/integrations/oidc";
import { type FakeOidcProvider, startFakeOidcProvider } from "../fakes/oidc-provider";

export const REDIRECT_URI = "http://localhost:5000/api/auth/callback";

export async function expectOidcError(promise: Promise<unknown>, kind: OidcErrorKind, message: RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OidcError);
  expect((error as OidcError).kind).toBe(kind);
  expect((error as OidcError).message).toMatch(message);
  return error as OidcError;
}

export function withFakeOidc() {
  const ctx = {} as { fake: FakeOidcProvider };
  beforeAll(async () => {
    ctx.fake = await startFakeOidcProvider();
  });
  afterAll(async () => {
    await ctx.fake?.close();
  });
  beforeEach(() => {
    ctx.fake.reset();
  });

  function oidc(
    overrides: { clientSecret?: string; issuerUrl?: string; timeoutMs?: number } = {},
  ): OidcClient {
    const { timeoutMs, ...config } = overrides;
    return createOidcClient(
      {
        issuerUrl: ctx.fake.url,
        clientId: ctx.fake.clientId,
        clientSecret: ctx.fake.clientSecret,
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

  const tokenRequests = () => ctx.fake.requests.filter((r) => r.path === "/token");

  return {
    oidc,
    authorize,
    signIn,
    tokenRequests,
    get fake() {
      return ctx.fake;
    },
  };
}
