// What the portal page itself needs from the subscriber contracts, kept free of zod: shared/portal.ts builds its
// schemas when imported, and importing one constant from it put the schema library (9.6 KB gzip) on /portal.
// shared/portal.ts re-exports all of this, so the server and the forms keep one import.

/** Sign-in codes: 6 digits, valid this long, single use, a few tries each. */
export const SIGN_IN_CODE = { digits: 6, validMinutes: 15, maxAttempts: 5 } as const;

/** POST /api/login/email always answers this, whether or not the address has an account (anyone may sign up). */
export const CODE_SENT_MESSAGE = "Check your inbox: we sent you a sign-in link and a 6-digit code.";
export const CODE_INVALID_MESSAGE = "That code is not valid or has expired. Request a new one and try again.";

/**
 * Set (readable by scripts, holding no secret) beside the HttpOnly session cookie: the portal asks GET /api/auth/user
 * only when it is present. The server clears it at logout and whenever it finds no session.
 */
export const SIGNED_IN_HINT_COOKIE = "rpas_signed_in";

/** Where portal access comes from: a card period, a wallet payment, a staff grant, a sandbox payment. */
export const GRANT_SOURCES = ["stripe", "wallet", "staff", "sandbox"] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

export const GRANT_SOURCE_LABELS: Record<GrantSource, string> = {
  stripe: "Card subscription",
  wallet: "M-PAiSA payment",
  staff: "Granted by our team",
  sandbox: "Sandbox payment",
};

export const documentDownloadUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}/download`;
