// A small local OpenID Connect provider for tests: the real openid-client talks to it. It serves discovery, an
// /authorize that signs in a chosen user at once (no login page) and redirects back, a token endpoint that checks
// client_secret_basic, single-use codes, redirect_uri and PKCE, RS256 ID tokens, JWKS and userinfo. It can be told
// to misbehave: wrong nonce or issuer, a bad signature, refusals, errors, hangs.
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";
import type { FakeOidcBehaviour, FakeOidcProvider, FakeOidcRequest, FakeOidcUser, Grant } from "./oidc-types";
import { basicCredentials, FAKE_OIDC_KID, readBody, redirect, send, sendText, signJwt } from "./oidc-wire";

export type { FakeOidcBehaviour, FakeOidcProvider, FakeOidcRequest, FakeOidcUser } from "./oidc-types";

const DEFAULT_USER: FakeOidcUser = {
  sub: "user-1",
  email: "pilot@example.com",
  email_verified: true,
  given_name: "Mere",
  name: "Mere Tuilagi",
};
const WELL_BEHAVED: FakeOidcBehaviour = {
  omitEmailFromIdToken: false,
  idTokenNonce: null,
  idTokenIssuer: null,
  badSignature: false,
  authorizeError: null,
  tokenError: null,
  tokenErrorStatus: 400,
  discoveryStatus: null,
  hang: null,
};
const KID = FAKE_OIDC_KID;

export async function startFakeOidcProvider(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeOidcProvider> {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const strangerKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeOidcUser>();
  let user = DEFAULT_USER;
  let behaviour = { ...WELL_BEHAVED };

  const fake: FakeOidcProvider = {
    url: "",
    clientId: options.clientId ?? "rpas-site",
    // Characters that client_secret_basic must form-encode, so that encoding is exercised.
    clientSecret: options.clientSecret ?? "s3cret:with/odd+chars",
    requests: [],
    setNextUser(next) {
      user = { ...next };
    },
    behave(changes) {
      behaviour = { ...behaviour, ...changes };
    },
    reset() {
      user = DEFAULT_USER;
      behaviour = { ...WELL_BEHAVED };
      fake.requests.length = 0;
    },
    close: async () => {},
  };

  function discovery(res: ServerResponse, log: FakeOidcRequest) {
    if (behaviour.hang === "discovery") return;
    if (behaviour.discoveryStatus !== null) {
      return send(res, log, behaviour.discoveryStatus, { error: "server_error" });
    }
    send(res, log, 200, {
      issuer: fake.url,
      authorization_endpoint: `${fake.url}/authorize`,
      token_endpoint: `${fake.url}/token`,
      jwks_uri: `${fake.url}/jwks`,
      userinfo_endpoint: `${fake.url}/userinfo`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic"],
      grant_types_supported: ["authorization_code"],
      scopes_supported: ["openid", "email", "profile"],
      claims_supported: [
        "sub",
        "iss",
        "aud",
        "exp",
        "iat",
        "nonce",
        "email",
        "email_verified",
        "name",
        "given_name",
      ],
    });
  }

  function authorize(res: ServerResponse, log: FakeOidcRequest) {
    const q = log.query;
    // Without a trustworthy redirect_uri the provider must not redirect: it shows an error page instead.
    if (q.client_id !== fake.clientId) return sendText(res, log, 400, "Unknown client_id");
    if (!q.redirect_uri) return sendText(res, log, 400, "Missing redirect_uri");
    const back = new URL(q.redirect_uri);
    if (q.state !== undefined) back.searchParams.set("state", q.state);
    const fail = (error: string, description: string) => {
      back.searchParams.set("error", error);
      back.searchParams.set("error_description", description);
      return redirect(res, log, back);
    };
    if (q.response_type !== "code") return fail("unsupported_response_type", "Only code is supported");
    if (!q.scope?.split(" ").includes("openid")) return fail("invalid_scope", "The openid scope is required");
    if (q.code_challenge_method !== "S256" || !q.code_challenge) {
      return fail("invalid_request", "PKCE with S256 is required");
    }
    if (behaviour.authorizeError) return fail(behaviour.authorizeError, "The user declined");
    const code = randomBytes(24).toString("base64url");
    grants.set(code, {
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      nonce: q.nonce ?? null,
      user,
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    back.searchParams.set("code", code);
    redirect(res, log, back);
  }

  function token(req: IncomingMessage, res: ServerResponse, log: FakeOidcRequest) {
    if (behaviour.hang === "token") return;
    const fail = (status: number, error: string, description: string) =>
      send(res, log, status, { error, error_description: description });
    const client = basicCredentials(req.headers.authorization);
    log.auth = client ? "client_secret_basic" : log.form.client_secret ? "client_secret_post" : null;
    if (!client || client.id !== fake.clientId || client.secret !== fake.clientSecret) {
      res.setHeader("www-authenticate", 'Basic realm="fake-oidc"');
      return fail(401, "invalid_client", "Client authentication failed");
    }
    if (log.form.grant_type !== "authorization_code") {
      return fail(400, "unsupported_grant_type", "Only authorization_code is supported");
    }
    if (behaviour.tokenError) {
      return fail(behaviour.tokenErrorStatus, behaviour.tokenError, "The provider refused the grant");
    }
    const grant = grants.get(log.form.code ?? "");
    if (!grant || grant.used || grant.expiresAt < Date.now()) {
      return fail(400, "invalid_grant", "The code is invalid, expired or already used");
    }
    grant.used = true;
    if (grant.clientId !== client.id)
      return fail(400, "invalid_grant", "The code was issued to another client");
    if (grant.redirectUri !== log.form.redirect_uri)
      return fail(400, "invalid_grant", "redirect_uri mismatch");
    const verifier = log.form.code_verifier ?? "";
    if (createHash("sha256").update(verifier).digest("base64url") !== grant.codeChallenge) {
      return fail(400, "invalid_grant", "PKCE verification failed");
    }
    const accessToken = randomBytes(24).toString("base64url");
    accessTokens.set(accessToken, grant.user);
    res.setHeader("cache-control", "no-store");
    send(res, log, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid email profile",
      id_token: idToken(grant),
    });
  }

  function idToken(grant: Grant): string {
    const now = Math.floor(Date.now() / 1000);
    const { email, email_verified, ...rest } = grant.user;
    const claims = {
      iss: behaviour.idTokenIssuer ?? fake.url,
      aud: grant.clientId,
      iat: now,
      exp: now + 300,
      ...rest,
      ...(behaviour.omitEmailFromIdToken ? {} : { email, email_verified }),
      ...(grant.nonce !== null || behaviour.idTokenNonce
        ? { nonce: behaviour.idTokenNonce ?? grant.nonce }
        : {}),
    };
    return signJwt(claims, behaviour.badSignature ? strangerKey : keys.privateKey);
  }

  function userinfo(req: IncomingMessage, res: ServerResponse, log: FakeOidcRequest) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const person = bearer ? accessTokens.get(bearer) : undefined;
    if (bearer) log.auth = "bearer";
    if (!person) {
      res.setHeader("www-authenticate", 'Bearer error="invalid_token"');
      return send(res, log, 401, { error: "invalid_token" });
    }
    send(res, log, 200, person);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, log: FakeOidcRequest) {
    const url = new URL(req.url ?? "/", "http://fake");
    log.query = Object.fromEntries(url.searchParams);
    const body = await readBody(req);
    if (req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      log.form = Object.fromEntries(new URLSearchParams(body));
    }
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /.well-known/openid-configuration") return discovery(res, log);
    if (route === "GET /authorize") return authorize(res, log);
    if (route === "POST /token") return token(req, res, log);
    if (route === "GET /jwks") {
      const jwk = { ...keys.publicKey.export({ format: "jwk" }), kid: KID, alg: "RS256", use: "sig" };
      return send(res, log, 200, { keys: [jwk] });
    }
    if (route === "GET /userinfo" || route === "POST /userinfo") return userinfo(req, res, log);
    send(res, log, 404, { error: "not_found" });
  }

  const server = createServer((req, res) => {
    const log: FakeOidcRequest = {
      method: req.method ?? "",
      path: (req.url ?? "/").split("?")[0] ?? "/",
      query: {},
      form: {},
      auth: null,
      status: 0,
    };
    fake.requests.push(log);
    handle(req, res, log).catch((error: unknown) => sendText(res, log, 500, String(error)));
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}
