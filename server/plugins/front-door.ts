// The HTTP server's first look at each request (issue 17 point 6, ADR 043). A plain GET of a prerendered page is
// answered here from memory, before Fastify routes it: Fastify's request and reply objects, its hook chain and the
// per-request child logger cost as much CPU as the answer itself, and the pages are the same for everyone. Every
// other request, and any page request this door does not take, goes to Fastify as before. The door's answer is the
// one Fastify's page route gives, header for header and byte for byte (tests/api/front-door.test.ts compares them);
// both are built from the same pieces (server/plugins/static-site.ts).
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import type { FastifyServerOptions } from "fastify";

/**
 * Answers `request` and returns true, or returns false without touching the response (Fastify answers then). A
 * handler that took a request owns it: it must answer, or pass it to `fallback` before writing anything.
 */
export type FastAnswer = (
  request: IncomingMessage,
  response: ServerResponse,
  fallback: (request: IncomingMessage, response: ServerResponse) => void,
) => boolean;

export interface FrontDoor {
  /**
   * Fastify's `genReqId` and the door's: one sequence for every request, in Fastify's own format ("req-1", "req-2",
   * … in base 36, fastify/lib/req-id-gen-factory.js), so the log reads the same whoever answered.
   */
  nextRequestId: () => string;
  /** Fastify's `serverFactory`: an http server whose requests meet the door first. */
  serverFactory: NonNullable<FastifyServerOptions["serverFactory"]>;
  /** Who answers at the door (the static site, once its pages are loaded). */
  open(answer: FastAnswer): void;
  /** From the start of the app's close: every request goes to Fastify, which refuses new work while closing. */
  close(): void;
  /** How many requests the door has answered so far (the tests' proof of who answered). */
  answered(): number;
}

interface ServerSettings {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

const MAX_SMALL_INTEGER = 2_147_483_647;

export function frontDoor(): FrontDoor {
  let answer: FastAnswer | null = null;
  let lastId = 0;
  let answered = 0;
  return {
    nextRequestId: () => {
      lastId = (lastId + 1) & MAX_SMALL_INTEGER;
      return `req-${lastId.toString(36)}`;
    },
    serverFactory: (handler, given) => {
      // Fastify's types describe these loosely; at this point they are numbers with Fastify's defaults applied.
      const options = given as unknown as ServerSettings;
      const fallback = handler as (request: IncomingMessage, response: ServerResponse) => void;
      const server: Server = createServer(options.http ?? {}, (request, response) => {
        if (answer?.(request, response, fallback)) answered += 1;
        else fallback(request, response);
      });
      // What Fastify's own factory sets from its options (fastify/lib/server.js), defaults already applied.
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    open(next) {
      answer = next;
    },
    close() {
      answer = null;
    },
    answered: () => answered,
  };
}
