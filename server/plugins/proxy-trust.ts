// TRUST_PROXY decides whose X-Forwarded-For/-Proto headers Fastify believes. When such headers arrive from a peer
// outside it, they are ignored (the peer's own address counts, as it should), but a reverse proxy that was simply
// left out of TRUST_PROXY would then make every visitor look like one address: the rate limits and the sign-in
// throttle would lump them together. So the first such request is logged as a warning, once per process.
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "forwarded"] as const;

/** The same test Fastify applies for a TRUST_PROXY value (true, false, or a comma-separated list). */
export function trustsPeer(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  const trust = proxyAddr.compile(trustProxy.split(",").map((part) => part.trim()));
  return (address) => trust(address, 0);
}

/** Whether `request` carries forwarded headers that `trusted` says to ignore (the case the warning below is about). */
export function untrustedForwarding(
  request: IncomingMessage,
  trusted: (address: string) => boolean,
): boolean {
  if (!FORWARDED_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const peer = request.socket.remoteAddress;
  return !!peer && !trusted(peer);
}

/**
 * The client's address and the host it asked for, as Fastify's request.ip and request.host give them for this
 * TRUST_PROXY (fastify/lib/request.js): for requests answered before Fastify sees them (the front door, ADR 043).
 */
export function clientOf(trusted: (address: string) => boolean) {
  return {
    // Without X-Forwarded-For, proxyAddr's answer is the peer's address: skip parsing it (the door's hot path).
    ip: (request: IncomingMessage): string | undefined =>
      request.headers["x-forwarded-for"] === undefined
        ? request.socket.remoteAddress
        : proxyAddr.all(request, trusted).at(-1),
    host: (request: IncomingMessage): string => {
      const forwarded = request.headers["x-forwarded-host"];
      const peer = request.socket.remoteAddress;
      if (forwarded && peer !== undefined && trusted(peer)) return lastEntry(forwarded);
      return request.headers.host ?? "";
    },
  };
}

/** The last of a header's comma-separated values (Fastify's getLastEntryInMultiHeaderValue). */
function lastEntry(value: string | string[]): string {
  const text = Array.isArray(value) ? value.join(",") : value;
  const comma = text.lastIndexOf(",");
  return comma === -1 ? text.trim() : text.slice(comma + 1).trim();
}

export const UNTRUSTED_FORWARDED_MESSAGE =
  "Forwarded headers arrived from a peer that TRUST_PROXY does not trust, so they were ignored. If a reverse " +
  "proxy runs at that address, add it to TRUST_PROXY; otherwise someone is trying to choose their own IP address.";

async function proxyTrust(app: FastifyInstance, options: { trustProxy: boolean | string }): Promise<void> {
  const trusted = trustsPeer(options.trustProxy);
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned) return;
    const headers = FORWARDED_HEADERS.filter((name) => request.headers[name] !== undefined);
    const peer = request.socket.remoteAddress;
    if (headers.length === 0 || !peer || trusted(peer)) return;
    warned = true;
    request.log.warn({ peer, headers }, UNTRUSTED_FORWARDED_MESSAGE);
  });
}

export default fp(proxyTrust, { name: "proxy-trust" });
