// The fake OpenID provider's HTTP and JWT plumbing: RS256 signing, client_secret_basic, JSON and redirects.
import { type KeyObject, sign } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeOidcRequest } from "./oidc-types";

/** The key id the fake's JWKS and ID tokens carry. */
export const FAKE_OIDC_KID = "fake-oidc-key-1";

export function signJwt(claims: object, key: KeyObject): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${part({ alg: "RS256", typ: "JWT", kid: FAKE_OIDC_KID })}.${part(claims)}`;
  return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
}

/** RFC 6749 2.3.1: id and secret are form-encoded before being joined and base64-encoded. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic (.+)$/i.exec(header ?? "")?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  const formDecode = (text: string) => decodeURIComponent(text.replaceAll("+", " "));
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export function redirect(res: ServerResponse, log: FakeOidcRequest, to: URL) {
  log.status = 302;
  res.writeHead(302, { location: to.href });
  res.end();
}

export function send(res: ServerResponse, log: FakeOidcRequest, status: number, body: unknown) {
  log.status = status;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, log: FakeOidcRequest, status: number, text: string) {
  log.status = status;
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += (chunk as Buffer).toString("utf8");
  return text;
}
