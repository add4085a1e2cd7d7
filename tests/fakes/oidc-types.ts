// What the fake OpenID provider records and how tests tell it to behave.

export interface FakeOidcUser {
  sub: string;
  email?: string;
  /** A string too, as some providers send it. */
  email_verified?: boolean | string;
  given_name?: string;
  name?: string;
}

export interface FakeOidcBehaviour {
  /** Leave email and email_verified out of the ID token (userinfo still has them). */
  omitEmailFromIdToken: boolean;
  /** Put this nonce in the ID token instead of the one sent to /authorize. */
  idTokenNonce: string | null;
  /** Put this iss in the ID token instead of the provider's. */
  idTokenIssuer: string | null;
  /** Sign ID tokens with a key that is not in the JWKS (same kid). */
  badSignature: boolean;
  /** /authorize redirects back with this error (e.g. "access_denied") instead of a code. */
  authorizeError: string | null;
  /** /token answers tokenErrorStatus (400 unless set) with this error (e.g. "invalid_grant"). */
  tokenError: string | null;
  tokenErrorStatus: number;
  /** Discovery answers with this HTTP status and no document. */
  discoveryStatus: number | null;
  /** This endpoint never answers. */
  hang: "discovery" | "token" | null;
}

export interface FakeOidcRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form body of POSTs (client_secret and code_verifier included, as sent). */
  form: Record<string, string>;
  /** How the client authenticated at /token, or which token it presented at /userinfo. */
  auth: "client_secret_basic" | "client_secret_post" | "bearer" | null;
  status: number;
}

export interface FakeOidcProvider {
  /** The issuer: http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  clientId: string;
  clientSecret: string;
  requests: FakeOidcRequest[];
  /** The person the next /authorize signs in (kept until replaced). */
  setNextUser(user: FakeOidcUser): void;
  /** Change some behaviours; the rest keep their values. */
  behave(changes: Partial<FakeOidcBehaviour>): void;
  /** Back to a well-behaved provider, the default user and an empty request log. */
  reset(): void;
  close(): Promise<void>;
}

export interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  user: FakeOidcUser;
  expiresAt: number;
  used: boolean;
}
