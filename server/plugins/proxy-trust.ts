// TRUST_PROXY decides whose X-Forwarded-For/-Proto headers Fastify believes. When such headers arrive from a peer
// outside it, they are ignored (the peer's own address counts, as it should), but a reverse proxy that was simply
// left out of TRUST_PROXY would then make every visitor look like one address: the rate limits and the sign-in
// throttle would lump them together. So the first such request is logged as a warning, once per process.
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
