// The staff device cookie (ADR 050): a browser where a staff member has given the right password carries a random
// device id and the accounts it signed in to, signed with the session secret (the same HMAC as the session cookies).
// For those accounts that browser is not held back by the per-username limit, which strangers can run up, only by
// its own per-device one. Long-lived, HttpOnly, SameSite=Strict (it only matters to the sign-in form's own POST),
// Secure with the __Host- prefix on https.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The accounts one browser remembers (a shared office computer): the most recent ones. */
export const DEVICE_ACCOUNTS_KEPT = 5;

export interface Device {
  /** 16 random bytes, base64url: what the per-device limit counts by. */
  id: string;
  /** The staff accounts that signed in on this browser, most recent first. */
  accountIds: number[];
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const ACCOUNT_ID = /^[1-9][0-9]{0,9}$/;

const cookieName = (app: FastifyInstance) =>
  app.env.PUBLIC_URL.startsWith("https://") ? "__Host-rpas_device" : "rpas_device";

/** `d1.<device id>.<account id>.<account id>…` */
function parse(value: string): Device | null {
  const [version, id, ...accounts] = value.split(".");
  if (version !== "d1" || !id || !DEVICE_ID.test(id) || accounts.length === 0) return null;
  if (accounts.length > DEVICE_ACCOUNTS_KEPT || !accounts.every((a) => ACCOUNT_ID.test(a))) return null;
  return { id, accountIds: accounts.map(Number) };
}

/** The device this browser proves, or null: no cookie, a forged or altered one, or one of another format. */
export function readDevice(app: FastifyInstance, request: FastifyRequest): Device | null {
  const raw = request.cookies[cookieName(app)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? parse(unsigned.value) : null;
}

/** The device id under which this browser's attempts for `accountId` are counted, or null for a stranger. */
export function knownDeviceFor(device: Device | null, accountId: number | undefined): string | null {
  return device && accountId !== undefined && device.accountIds.includes(accountId) ? device.id : null;
}

/** After the right password: remember `accountId` on this browser (a new device id the first time), for a year more. */
export function rememberDevice(
  app: FastifyInstance,
  reply: FastifyReply,
  device: Device | null,
  accountId: number,
): void {
  const id = device?.id ?? randomBytes(16).toString("base64url");
  const others = (device?.accountIds ?? []).filter((other) => other !== accountId);
  const accounts = [accountId, ...others].slice(0, DEVICE_ACCOUNTS_KEPT);
  reply.setCookie(cookieName(app), ["d1", id, ...accounts].join("."), {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: app.env.PUBLIC_URL.startsWith("https://"),
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
