// Staff two-factor with an authenticator app (TOTP, 30-second steps, 6 digits) through the otpauth library, plus
// ten one-time recovery codes (recovery-codes.ts). The secret is sealed with AES-256-GCM under a key derived from the session secret,
// and is never sent again after setup. A code is accepted once: the step it matched is recorded, and only later
// steps are accepted after it.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { COMPANY } from "../../shared/company";
import type { Db } from "../db/client";
import { adminRecoveryCodes, adminUsers, type StaffRole, sessions } from "../db/schema";
import type { SessionStage } from "../platform/sessions";
import {
  looksLikeRecoveryCode,
  newRecoveryCodes,
  recoveryCodeStatus,
  spendRecoveryCode,
  storeRecoveryCodes,
} from "./recovery-codes";

/**
 * The step a correct password opens (ADR 051): the code step when two-factor is on; its setup when the account is an
 * owner's (owners always use two factors) or ADMIN_REQUIRE_MFA asks it of everyone; otherwise the dashboard.
 */
export function signInStage(
  admin: { mfaEnabled: boolean; role: StaffRole },
  requireMfa: boolean,
): SessionStage {
  if (admin.mfaEnabled) return "mfa";
  return admin.role === "owner" || requireMfa ? "setup" : "full";
}

export function staffMfaKey(sessionSecret: string): Buffer {
  return createHmac("sha256", sessionSecret).update("rpas staff totp v1").digest();
}

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The base32 secret, or null when the sealed value cannot be opened (the session secret changed). */
function unseal(key: Buffer, sealed: string | null): string | null {
  const [version, iv, tag, body] = sealed?.split(".") ?? [];
  if (version !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}

const totpFor = (secret: string, username: string) =>
  new TOTP({
    issuer: COMPANY.name,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  });

/** The absolute step a 6-digit code matches (one step of clock drift either way), or null. */
function matchingStep(secret: string, username: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret, username);
  const delta = totp.validate({ token: code, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

export interface MfaSetup {
  secret: string;
  otpauthUri: string;
  qrDataUrl: string;
}

/** A fresh secret for the app to scan; it only takes effect once a code from it is confirmed. */
export async function startMfaSetup(
  db: Db,
  key: Buffer,
  admin: { id: number; username: string },
): Promise<MfaSetup> {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(adminUsers)
    .set({ totpPendingSecret: seal(key, secret) })
    .where(eq(adminUsers.id, admin.id));
  const otpauthUri = totpFor(secret, admin.username).toString();
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return {
    secret,
    otpauthUri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Turns two-factor on when `code` matches the pending secret; answers the recovery codes (shown this once). */
export async function confirmMfaSetup(
  db: Db,
  key: Buffer,
  admin: { id: number; username: string },
  code: string,
): Promise<string[] | null> {
  const [row] = await db
    .select({ pending: adminUsers.totpPendingSecret })
    .from(adminUsers)
    .where(eq(adminUsers.id, admin.id));
  const secret = unseal(key, row?.pending ?? null);
  const step = secret ? matchingStep(secret, admin.username, code.trim()) : null;
  if (!row?.pending || step === null) return null;
  // Hashed before the transaction: ten argon2 runs hold no connection.
  const made = await newRecoveryCodes();
  const confirmed = await db.transaction(async (tx) => {
    // Only the pending secret that was checked: a second setup started meanwhile is not switched on by this code.
    const updated = await tx
      .update(adminUsers)
      .set({
        totpSecret: row.pending,
        totpPendingSecret: null,
        totpEnabledAt: sql`now()`,
        totpLastStep: step,
      })
      .where(and(eq(adminUsers.id, admin.id), eq(adminUsers.totpPendingSecret, row.pending ?? "")))
      .returning({ id: adminUsers.id });
    if (updated.length === 0) return false;
    await storeRecoveryCodes(tx, admin.id, made);
    return true;
  });
  return confirmed ? made.codes : null;
}

/** A new set of recovery codes for an account with two-factor on (the old ones stop working); null when it is off. */
export async function regenerateRecoveryCodes(db: Db, adminUserId: number): Promise<string[] | null> {
  const made = await newRecoveryCodes();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabledAt: adminUsers.totpEnabledAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, adminUserId))
      .for("update");
    if (!row?.enabledAt) return null;
    await storeRecoveryCodes(tx, adminUserId, made);
    return made.codes;
  });
}

/**
 * Checks a second-factor code (authenticator or recovery) and uses it up; answers which kind passed
 * ("legacy-recovery": a code of an older set, whose holder is asked to regenerate).
 */
export async function verifySecondFactor(
  db: Db,
  key: Buffer,
  admin: { id: number; username: string },
  code: string,
): Promise<"totp" | "recovery" | "legacy-recovery" | null> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const [row] = await db
      .select({ secret: adminUsers.totpSecret })
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.id));
    const secret = unseal(key, row?.secret ?? null);
    const step = secret ? matchingStep(secret, admin.username, trimmed) : null;
    if (step === null) return null;
    // Compare-and-set on the last step: of two requests with the same code, one wins.
    const used = await db
      .update(adminUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminUsers.id, admin.id),
          or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: adminUsers.id });
    return used.length > 0 ? "totp" : null;
  }
  if (!looksLikeRecoveryCode(trimmed)) return null;
  return spendRecoveryCode(db, admin.id, trimmed);
}

export async function mfaStatus(db: Db, adminId: number) {
  const [row] = await db
    .select({ enabledAt: adminUsers.totpEnabledAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  const codes = await recoveryCodeStatus(db, adminId);
  return {
    enabled: Boolean(row?.enabledAt),
    recoveryCodesLeft: codes.left,
    recoveryCodesOutdated: codes.outdated,
  };
}

/** Turns two-factor off (a lost phone and lost recovery codes) and signs the account out everywhere. */
export async function resetMfa(db: Db, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(adminUsers.id, adminId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminId));
    await tx.delete(sessions).where(eq(sessions.adminUserId, adminId));
  });
}
