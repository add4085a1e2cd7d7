// The whole configuration, parsed once at boot: a bad value stops the server with a readable message.
import { z } from "zod";
import { COMPANY } from "../shared/company";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    /** Default 0.0.0.0; 127.0.0.1 while PAYMENTS_SANDBOX is on (see isLoopbackHost). */
    HOST: optionalString,
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    STAFF_EMAIL: optionalString.pipe(z.email().optional()),
    MAIL_FROM: optionalString,
    // Generous enough for a whole office behind one address; 0 turns the limit off (load tests).
    RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(0).default(30),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: optionalString,
    // Every staff member must turn on an authenticator app at their next sign-in before reaching the dashboard.
    ADMIN_REQUIRE_MFA: z
      .enum(["true", "false", ""])
      .default("false")
      .transform((value) => value === "true"),
    // Google Sheets sync of enrollments: a service account key (a file path or the JSON itself) and the sheet's id.
    GOOGLE_SERVICE_ACCOUNT_JSON: optionalString,
    GOOGLE_SHEETS_ID: optionalString,
    /** Another API root for the Sheets client (a local fake in tests); Google's by default. */
    GOOGLE_SHEETS_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // Subscriber sign-in through an OpenID Connect provider; without these the portal uses e-mail codes.
    OIDC_ISSUER_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    // Card subscriptions through Stripe; all unset runs the demonstration checkout (no card is charged).
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** The FJD 50/month price; without it the price is found by lookup key (created when absent). */
    STRIPE_PRICE_ID: optionalString,
    /** Another Stripe API origin (a local fake in tests); Stripe's by default. */
    STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // The M-PAiSA payment gateway (its origin, and the client credentials Vodafone issues, exchanged for a bearer
    // token); PAYMENTS_SANDBOX=true swaps in a local sandbox wallet for demonstrations instead.
    MPAISA_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    MPAISA_CLIENT_ID: optionalString,
    MPAISA_CLIENT_SECRET: optionalString,
    // The variables of the first, guessed wire format: read only to say they are no longer used.
    MPAISA_MERCHANT_ID: optionalString,
    MPAISA_API_KEY: optionalString,
    MPAISA_CALLBACK_SECRET: optionalString,
    PAYMENTS_SANDBOX: z
      .enum(["true", "false", ""])
      .default("false")
      .transform((value) => value === "true"),
    // Which peers may set X-Forwarded-For/-Proto: by default only a reverse proxy on this host (loopback), so a
    // client talking to us directly, even from the same private network, cannot pick its own IP (and dodge the
    // rate limits and sign-in throttle). "true" trusts every hop (only behind a proxy that strips the headers),
    // "false" none; or addresses/CIDRs (e.g. "loopback, 10.0.0.5" for a proxy on another machine).
    TRUST_PROXY: z
      .string()
      .trim()
      .default("loopback")
      .transform((value): boolean | string =>
        value === "true" ? true : value === "false" || value === "" ? false : value,
      ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: "ADMIN_USERNAME and ADMIN_PASSWORD must be set together",
    path: ["ADMIN_PASSWORD"],
  })
  .refine((env) => (env.GOOGLE_SERVICE_ACCOUNT_JSON === undefined) === (env.GOOGLE_SHEETS_ID === undefined), {
    message: "GOOGLE_SERVICE_ACCOUNT_JSON and GOOGLE_SHEETS_ID must be set together",
    path: ["GOOGLE_SHEETS_ID"],
  })
  .refine(
    (env) =>
      [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every((v) => v === undefined) ||
      [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every((v) => v !== undefined),
    {
      message: "OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
      path: ["OIDC_ISSUER_URL"],
    },
  )
  .refine(
    (env) =>
      [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].every(
        (v) => v === undefined,
      ) ||
      [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].every(
        (v) => v !== undefined,
      ),
    {
      message: "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together",
      path: ["STRIPE_SECRET_KEY"],
    },
  )
  .refine(
    (env) => {
      const values = [env.MPAISA_API_URL, env.MPAISA_CLIENT_ID, env.MPAISA_CLIENT_SECRET];
      return values.every((v) => v === undefined) || values.every((v) => v !== undefined);
    },
    {
      message: "MPAISA_API_URL, MPAISA_CLIENT_ID and MPAISA_CLIENT_SECRET must be set together",
      path: ["MPAISA_API_URL"],
    },
  )
  .refine(
    (env) =>
      [env.MPAISA_MERCHANT_ID, env.MPAISA_API_KEY, env.MPAISA_CALLBACK_SECRET].every((v) => v === undefined),
    {
      message:
        "MPAISA_MERCHANT_ID, MPAISA_API_KEY and MPAISA_CALLBACK_SECRET are no longer used: M-PAiSA takes MPAISA_CLIENT_ID and MPAISA_CLIENT_SECRET (docs/decisions/022-mpaisa-gateway-flow.md)",
      path: ["MPAISA_API_KEY"],
    },
  )
  // The sandbox grants portal access for a button press: it must never answer anyone but this machine.
  .refine(
    (env) =>
      !env.PAYMENTS_SANDBOX ||
      (isLoopbackHost(env.HOST ?? "127.0.0.1") &&
        (env.PUBLIC_URL === undefined || isLoopbackHost(new URL(env.PUBLIC_URL).hostname))),
    {
      message:
        "PAYMENTS_SANDBOX=true grants access without money, so HOST and PUBLIC_URL must both be loopback addresses (localhost, 127.0.0.0/8 or ::1)",
      path: ["PAYMENTS_SANDBOX"],
    },
  )
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.PAYMENTS_SANDBOX ? "127.0.0.1" : "0.0.0.0"),
    // Links in pages and e-mails need an absolute origin; without one, the local address is the honest default.
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    MAIL_FROM:
      env.MAIL_FROM ?? `${COMPANY.name} <no-reply@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>`,
  }));

export type Env = z.infer<typeof EnvSchema>;

/** localhost, 127.0.0.0/8 or ::1 (a URL's hostname keeps IPv6 in brackets). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name.endsWith(".localhost") || name === "::1") return true;
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "config"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
