// The OpenID Connect adapter for subscriber sign-in: authorization code with PKCE over openid-client. The route
// keeps what startLogin returns (state, PKCE verifier, nonce) until the provider sends the browser back.
import * as client from "openid-client";

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}/api/auth/callback`; it must be registered at the provider. */
  redirectUri: string;
}

export interface OidcLoginStart {
  /** Where to send the browser. */
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface OidcIdentity {
  subject: string;
  issuer: string;
  /** Trimmed, as the provider gives it (not lower-cased). */
  email: string;
  emailVerified: boolean;
  firstName: string | null;
}

export interface OidcClient {
  startLogin(): Promise<OidcLoginStart>;
  /** `callbackUrl` is the callback request's URL; only its query string is read. */
  finishLogin(
    callbackUrl: URL,
    saved: { state: string; codeVerifier: string; nonce: string },
  ): Promise<OidcIdentity>;
}

/**
 * config: bad settings, or the provider refused the site's client credentials; unavailable: the provider cannot be reached or answers errors; denied: the provider
 * sent the person back with an error (they cancelled, or are not allowed); invalid: the callback or the tokens
 * failed a check; email: no usable e-mail address; unverified: the provider does not vouch for the address.
 */
export type OidcErrorKind = "config" | "unavailable" | "denied" | "invalid" | "email" | "unverified";

/** Every failure of sign-in. The message is safe to log: it never holds secrets, codes or tokens. */
export class OidcError extends Error {
  override name = "OidcError";
  constructor(
    message: string,
    readonly kind: OidcErrorKind,
  ) {
    super(message);
  }
}

const SCOPE = "openid email profile";
const TIMEOUT_MS = 10_000;
const VARIABLES = ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The configuration, or null when sign-in is off (none of the three variables set). */
export function oidcConfigFrom(env: {
  OIDC_ISSUER_URL?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  PUBLIC_URL: string;
}): OidcConfig | null {
  const values = VARIABLES.map((name) => env[name]?.trim() ?? "");
  const missing = VARIABLES.filter((_, i) => values[i] === "");
  if (missing.length === VARIABLES.length) return null;
  if (missing.length > 0) {
    throw new OidcError(
      `OIDC sign-in is half configured: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set. ` +
        `Set ${VARIABLES.join(", ")} together, or none of them.`,
      "config",
    );
  }
  const [issuer = "", clientId = "", clientSecret = ""] = values;
  // People paste the discovery document's address; the issuer is what comes before it.
  const issuerUrl = issuer.replace(/\/\.well-known\/openid-configuration\/?$/, "");
  checkIssuerUrl(issuerUrl);
  const redirectUri = `${env.PUBLIC_URL.replace(/\/+$/, "")}/api/auth/callback`;
  return { issuerUrl, clientId, clientSecret, redirectUri };
}

/** Plain http is for a provider on this machine only (tests, development); anything else must be https. */
function checkIssuerUrl(issuerUrl: string): URL {
  let url: URL;
  try {
    url = new URL(issuerUrl);
  } catch {
    throw new OidcError(`OIDC_ISSUER_URL is not a URL: ${issuerUrl}`, "config");
  }
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) return url;
  throw new OidcError(
    `OIDC_ISSUER_URL must be an https:// address (http:// only for localhost): ${issuerUrl}`,
    "config",
  );
}

export function createOidcClient(config: OidcConfig, options: { timeoutMs?: number } = {}): OidcClient {
  const issuer = checkIssuerUrl(config.issuerUrl);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  let discovered: Promise<client.Configuration> | null = null;

  // One discovery serves every sign-in; a failed one is forgotten so the next sign-in tries again.
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuer, config.clientId, undefined, client.ClientSecretBasic(config.clientSecret), {
        timeout: timeoutMs / 1000,
        // openid-client trusts TLS for ID tokens from the token endpoint; we check their signatures anyway, so a
        // forged token is refused even over plain http to a local provider or behind a TLS-intercepting proxy.
        execute: [
          client.enableNonRepudiationChecks,
          ...(issuer.protocol === "http:" ? [client.allowInsecureRequests] : []),
        ],
      })
      .catch((error: unknown) => {
        discovered = null;
        throw new OidcError(
          `Cannot load the sign-in provider's configuration from ${config.issuerUrl}: ${explain(error, timeoutMs)}`,
          "unavailable",
        );
      });
    return discovered;
  }

  return {
    async startLogin() {
      const server = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      try {
        const url = client.buildAuthorizationUrl(server, {
          redirect_uri: config.redirectUri,
          scope: SCOPE,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: "S256",
          state,
          nonce,
        });
        return { url: url.href, state, codeVerifier, nonce };
      } catch (error) {
        throw new OidcError(`Cannot start sign-in: ${explain(error, timeoutMs)}`, "unavailable");
      }
    },

    async finishLogin(callbackUrl, saved) {
      const server = await configuration();
      // The token request must name the exact redirect_uri of the authorization request, whatever host or
      // proxy the callback came through.
      const current = new URL(config.redirectUri);
      current.search = callbackUrl.search;
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(server, current, {
          pkceCodeVerifier: saved.codeVerifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw failedCallback(error, timeoutMs);
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcError("Sign-in failed: the provider sent no ID token.", "invalid");
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== "string" || claims.email.trim() === "") {
        try {
          const info = await client.fetchUserInfo(server, tokens.access_token, claims.sub);
          // The address and its flag come together from userinfo; the ID token's names still win.
          profile = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
        } catch (error) {
          throw new OidcError(
            `Sign-in failed: the provider's userinfo endpoint did not answer usably: ${explain(error, timeoutMs)}`,
            "unavailable",
          );
        }
      }
      return identityFrom(claims.iss, claims.sub, profile);
    },
  };
}

function identityFrom(issuer: string, subject: string, profile: Record<string, unknown>): OidcIdentity {
  const email = typeof profile.email === "string" ? profile.email.trim() : "";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new OidcError("Sign-in refused: the provider did not share an e-mail address.", "email");
  }
  // The account is found by e-mail, so an address the provider has not checked could be anyone's: only an explicit
  // "verified" is accepted (some providers send the flag as a string); false and a missing flag are refused alike.
  const verified = profile.email_verified;
  if (verified !== true && verified !== "true") {
    throw new OidcError(
      verified === false || verified === "false"
        ? "Sign-in refused: the provider says this e-mail address is not verified."
        : "Sign-in refused: the provider did not confirm that this e-mail address is verified.",
      "unverified",
    );
  }
  return { subject, issuer, email, emailVerified: true, firstName: firstNameFrom(profile) };
}

function firstNameFrom(profile: Record<string, unknown>): string | null {
  const given = typeof profile.given_name === "string" ? profile.given_name.trim() : "";
  if (given) return given;
  const name = typeof profile.name === "string" ? profile.name.trim() : "";
  return name.split(/\s+/)[0] || null;
}

function failedCallback(error: unknown, timeoutMs: number): OidcError {
  if (error instanceof client.AuthorizationResponseError) {
    const description = error.error_description ? ` (${error.error_description})` : "";
    return new OidcError(`Sign-in was not completed at the provider: ${error.error}${description}`, "denied");
  }
  const detail = explain(error, timeoutMs);
  const status = httpStatus(error);
  if (status === 401 || (error instanceof client.ResponseBodyError && error.error === "invalid_client")) {
    return new OidcError(
      `Sign-in failed: the provider did not accept this site's client credentials (${detail}). ` +
        "Check OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.",
      "config",
    );
  }
  const unreachable =
    error instanceof TypeError ||
    (status !== null && status >= 500) ||
    (error instanceof client.ClientError && ["OAUTH_TIMEOUT", "OAUTH_ABORT"].includes(error.code ?? ""));
  return new OidcError(`Sign-in failed: ${detail}`, unreachable ? "unavailable" : "invalid");
}

function httpStatus(error: unknown): number | null {
  if (error instanceof client.ResponseBodyError || error instanceof client.WWWAuthenticateChallengeError) {
    return error.status;
  }
  const cause: unknown = error instanceof client.ClientError ? error.cause : null;
  return cause instanceof Response ? cause.status : null;
}

/**
 * A short account of a library or network error. Only the library's own messages, HTTP statuses and the
 * provider's error codes go in: error causes can hold token responses, so they are never passed on.
 */
function explain(error: unknown, timeoutMs: number): string {
  if (error instanceof client.ResponseBodyError) {
    const description = error.error_description ? ` (${error.error_description})` : "";
    return `the provider answered ${error.status} ${error.error}${description}`;
  }
  if (error instanceof client.WWWAuthenticateChallengeError) {
    const code = error.cause[0]?.parameters.error;
    return `the provider answered ${error.status}${code ? ` ${code}` : ""}`;
  }
  if (error instanceof client.ClientError) {
    if (error.code === "OAUTH_TIMEOUT") return `no answer within ${timeoutMs / 1000} s`;
    const cause: unknown = error.cause;
    if (error.code === "OAUTH_RESPONSE_IS_NOT_CONFORM" && cause instanceof Response) {
      return `the provider answered HTTP ${cause.status}`;
    }
    if (error.code === "OAUTH_RESPONSE_IS_NOT_JSON") return "the provider's answer is not JSON";
    return cause instanceof Error ? cause.message : error.message;
  }
  if (error instanceof TypeError) {
    // Node's fetch reports network failures as TypeError("fetch failed") with the system error as its cause.
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    return typeof code === "string" ? `cannot connect (${code})` : error.message;
  }
  return "unexpected error";
}
