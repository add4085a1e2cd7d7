// The whole configuration, parsed once at boot: a bad value stops the server with a readable message.
import { isAbsolute, relative, resolve, sep } from "node:path";
import { z } from "zod";
import { COMPANY } from "../shared/company";
import { parseS3Url } from "./platform/s3-config";
import { whatsappTemplatesSetting } from "./sms/text-kinds";
import { PASSWORD_CHECKS_PER_SECOND } from "./staff/password-check-cap";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** An http(s) URL, or unset. */
const optionalHttpUrl = optionalString.pipe(z.url({ protocol: /^https?$/ }).optional());

/** "true" turns it on; unset, empty or "false" leave it off. */
const flag = z
  .enum(["true", "false", ""])
  .default("false")
  .transform((value) => value === "true");

const EnvShape = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Default 0.0.0.0; 127.0.0.1 while PAYMENTS_SANDBOX is on (see isLoopbackHost). */
  HOST: optionalString,
  DATA_DIR: z.string().min(1).default("./data"),
  /** Where backup archives go; default "<DATA_DIR>-backups", or the S3 store's backups/ when S3_URL is set. */
  BACKUP_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  PUBLIC_URL: optionalHttpUrl,
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
  // Staff password checks (argon2) each app instance runs per second at most, strangers and known browsers each
  // (ADR 050); over it a sign-in is answered 429 at once.
  ADMIN_PASSWORD_CHECKS_PER_SECOND: z.coerce.number().int().min(1).default(PASSWORD_CHECKS_PER_SECOND),
  // Every staff member must turn on an authenticator app at their next sign-in before reaching the dashboard.
  ADMIN_REQUIRE_MFA: flag,
  // Google Sheets sync of enrollments: a service account key (a file path or the JSON itself) and the sheet's id.
  GOOGLE_SERVICE_ACCOUNT_JSON: optionalString,
  GOOGLE_SHEETS_ID: optionalString,
  /** Another API root for the Sheets client (a local fake in tests); Google's by default. */
  GOOGLE_SHEETS_API_URL: optionalHttpUrl,
  // Subscriber sign-in through an OpenID Connect provider; without these the portal uses e-mail codes.
  OIDC_ISSUER_URL: optionalHttpUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  // Card subscriptions through Stripe; all unset runs the demonstration checkout (no card is charged).
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** The FJD 50/month price; without it the price is found by lookup key (created when absent). */
  STRIPE_PRICE_ID: optionalString,
  /** Another Stripe API origin (a local fake in tests); Stripe's by default. */
  STRIPE_API_URL: optionalHttpUrl,
  // The M-PAiSA payment gateway (its origin, and the client credentials Vodafone issues, exchanged for a bearer
  // token); PAYMENTS_SANDBOX=true swaps in a local sandbox wallet for demonstrations instead.
  MPAISA_API_URL: optionalHttpUrl,
  MPAISA_CLIENT_ID: optionalString,
  MPAISA_CLIENT_SECRET: optionalString,
  // The variables of the first, guessed wire format: read only to say they are no longer used.
  MPAISA_MERCHANT_ID: optionalString,
  MPAISA_API_KEY: optionalString,
  MPAISA_CALLBACK_SECRET: optionalString,
  PAYMENTS_SANDBOX: flag,
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
  // Files (certificates, the document library, backups) on an S3-compatible store instead of DATA_DIR/files:
  // S3_URL is the endpoint ending in the bucket (server/platform/s3-config.ts), with its access key pair.
  S3_URL: optionalString.pipe(
    z
      .string()
      .refine((value) => !("problem" in parseS3Url(value)), {
        error: (issue) => {
          const parsed = parseS3Url(String(issue.input));
          return "problem" in parsed ? parsed.problem : "is not usable";
        },
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Default: the region in an AWS endpoint's name, else us-east-1 (what MinIO and R2 accept). */
  S3_REGION: optionalString,
  /** "false" streams downloads through the app, for a store visitors' browsers cannot reach. */
  S3_SIGNED_LINKS: z
    .enum(["true", "false", ""])
    .default("true")
    .transform((value) => value !== "false"),
  // Text messages through Twilio (issue 34); unset, texts are written under DATA_DIR/sms instead. A sender is a number
  // (TWILIO_FROM) or a messaging service; WhatsApp needs its own sender.
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  TWILIO_WHATSAPP_FROM: optionalString,
  /** "code=HX..., held=HX...": an approved template per kind of text; WhatsApp is offered only with every kind's. */
  TWILIO_WHATSAPP_TEMPLATES: whatsappTemplatesSetting,
  /** Another Twilio API origin (a local fake in tests); Twilio's by default. */
  TWILIO_API_URL: optionalHttpUrl,
  /** Country calling codes texts may go to, comma-separated ("679, 61"). */
  SMS_ALLOWED_COUNTRIES: z
    .string()
    .trim()
    .default("679")
    .transform((value) =>
      (value === "" ? "679" : value)
        .split(",")
        .map((code) => code.trim().replace(/^\+/, ""))
        .filter((code) => code !== ""),
    )
    .pipe(z.array(z.string().regex(/^[1-9]\d{0,2}$/, "must be country calling codes such as 679, 61"))),
  /** SMS parts sent per Fiji day across all texts; more wait for the next day. */
  SMS_DAILY_SEGMENT_CAP: z.coerce.number().int().min(1).default(500),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
type RawEnv = z.infer<typeof EnvShape>;

/** Settings that only work as a set: all of them or none (the issue names `path`). */
const SET_TOGETHER: { names: (keyof RawEnv)[]; path: keyof RawEnv }[] = [
  { names: ["ADMIN_USERNAME", "ADMIN_PASSWORD"], path: "ADMIN_PASSWORD" },
  { names: ["GOOGLE_SERVICE_ACCOUNT_JSON", "GOOGLE_SHEETS_ID"], path: "GOOGLE_SHEETS_ID" },
  { names: ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"], path: "OIDC_ISSUER_URL" },
  {
    names: ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
    path: "STRIPE_SECRET_KEY",
  },
  { names: ["MPAISA_API_URL", "MPAISA_CLIENT_ID", "MPAISA_CLIENT_SECRET"], path: "MPAISA_API_URL" },
  { names: ["S3_URL", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"], path: "S3_URL" },
  { names: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"], path: "TWILIO_ACCOUNT_SID" },
];

/** "A and B", "A, B and C". */
const listOf = (names: readonly string[]) => `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

export const EnvSchema = EnvShape.superRefine((env, context) => {
  for (const { names, path } of SET_TOGETHER) {
    const set = names.filter((name) => env[name] !== undefined).length;
    if (set > 0 && set < names.length) {
      context.addIssue({ code: "custom", message: `${listOf(names)} must be set together`, path: [path] });
    }
  }
})
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
  .refine((env) => !env.TWILIO_ACCOUNT_SID || env.TWILIO_FROM || env.TWILIO_MESSAGING_SERVICE_SID, {
    message: "Twilio needs a sender: set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID",
    path: ["TWILIO_FROM"],
  })
  // Backups inside DATA_DIR would be lost with it, and a restore needs an empty DATA_DIR.
  .refine((env) => !env.BACKUP_DIR || !isInside(resolve(env.BACKUP_DIR), resolve(env.DATA_DIR)), {
    message: "BACKUP_DIR must be outside DATA_DIR: backups kept inside it would be lost with it",
    path: ["BACKUP_DIR"],
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.PAYMENTS_SANDBOX ? "127.0.0.1" : "0.0.0.0"),
    // Links in pages and e-mails need an absolute origin; without one, the local address is the honest default.
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    MAIL_FROM:
      env.MAIL_FROM ?? `${COMPANY.name} <no-reply@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>`,
  }));

export type Env = z.infer<typeof EnvSchema>;

/** `path` is `dir` or somewhere under it. */
function isInside(path: string, dir: string): boolean {
  const rest = relative(dir, path);
  return rest === "" || (rest !== ".." && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

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
