// What the request log may hold. Sign-in links, OIDC callbacks and payment returns carry one-time secrets in their
// query strings, so a logged URL keeps its path only; bodies are never logged (Fastify's default does not, and no
// serializer here adds them).
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import pino from "pino";
import { stdoutLines } from "./log-lines";

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** "/sign-in/confirm?token=abc" -> "/sign-in/confirm?[redacted]". */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf("?");
  return query === -1 ? url : `${url.slice(0, query)}?[redacted]`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const requestSerializer = (request: LoggedRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    // Without a stream, standard output through stdoutLines: one write per event-loop turn (ADR 043, addendum).
    stream: stream ?? stdoutLines(),
    serializers: { req: requestSerializer },
  };
}

/** What the "request completed" line says of an answered request (the fields of OneLineRequestLog's line). */
export interface CompletedRequest {
  reqId: string;
  method: string;
  url: string;
  host: string | undefined;
  ip: string | undefined;
  remotePort: number | undefined;
  statusCode: number;
  responseTime: number;
}

const { symbols } = pino;
type PinoState = Record<symbol, unknown>;
const json = JSON.stringify;

/**
 * Writes OneLineRequestLog's "request completed" line for a request the front door answered (ADR 043), the same
 * bytes pino would write for `log.info({ reqId, req, res, responseTime }, "request completed")`, built as one
 * template from the logger's own level prefix, time, bindings and stream (`pino.symbols`, pino's documented hooks
 * for integrations). Passing the request through pino costs twice as much: its serializer, a JSON.stringify per
 * field and the message's escaping were a tenth of the door's work per answer. Undefined when `log` is set up in a
 * way the template does not cover (another message key, a mixin, formatters, redaction, hooks, metadata streams):
 * the door then logs through pino. Both are held to Fastify's own line by tests/api/front-door.test.ts.
 */
export function completedLineWriter(log: FastifyBaseLogger): ((line: CompletedRequest) => void) | undefined {
  // Fastify's logger is the pino instance it made from loggerOptions (its type names only the log methods).
  const logger = log as unknown as pino.Logger;
  const state = log as unknown as PinoState;
  const stream = state[symbols.streamSym] as { write(line: string): void } | undefined;
  const time = state[symbols.timeSym];
  const prefix = (state[symbols.lsCacheSym] as Record<number, string> | undefined)?.[
    logger.levels.values.info ?? 30
  ];
  const formatters = state[symbols.formattersSym] as { log?: unknown } | undefined;
  const hooks = state[symbols.hooksSym] as { streamWrite?: unknown; logMethod?: unknown } | undefined;
  const serializers = state[symbols.serializersSym] as Record<string, unknown> | undefined;
  const stringifiers = state[symbols.stringifiersSym] as object | undefined;
  const plain =
    stream !== undefined &&
    typeof time === "function" &&
    typeof prefix === "string" &&
    state[symbols.messageKeySym] === "msg" &&
    !state[symbols.nestedKeySym] &&
    !state[symbols.mixinSym] &&
    !formatters?.log &&
    !hooks?.streamWrite &&
    !hooks?.logMethod &&
    serializers?.req === requestSerializer &&
    stringifiers !== undefined &&
    Object.getOwnPropertySymbols(stringifiers).length + Object.keys(stringifiers).length === 0 &&
    !(stream as PinoState)[symbols.needsMetadataGsym];
  if (!plain) return undefined;
  const now = time as () => string;
  const end = state[symbols.endSym] as string;
  const chindings = state[symbols.chindingsSym] as string;
  return (line) => {
    if (!logger.isLevelEnabled("info")) return;
    const host = line.host === undefined ? "" : `,"host":${json(line.host)}`;
    const ip = line.ip === undefined ? "" : `,"remoteAddress":${json(line.ip)}`;
    const port = line.remotePort === undefined ? "" : `,"remotePort":${line.remotePort}`;
    stream.write(
      `${prefix}${now()}${chindings},"reqId":${json(line.reqId)},"req":{"method":${json(line.method)},"url":${json(redactUrl(line.url))}${host}${ip}${port}},"res":{"statusCode":${line.statusCode}},"responseTime":${line.responseTime},"msg":"request completed"${end}`,
    );
  };
}

/**
 * One log line per request, once answered, instead of Fastify's two ("incoming request" and "request completed"):
 * the request through the serializer above, the status and the time taken. Each line costs a JSON serialization
 * and a write, a tenth of the server's work on `GET /` (issue 17, point 6).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}
