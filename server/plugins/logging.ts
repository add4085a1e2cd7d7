// What the request log may hold. Sign-in links, OIDC callbacks and payment returns carry one-time secrets in their
// query strings, so a logged URL keeps its path only; bodies are never logged (Fastify's default does not, and no
// serializer here adds them).
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";

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

export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    // Without a stream, pino's default: standard output, one synchronous write per line. Its asynchronous
    // destination hands each line to libuv's thread pool, which cost more CPU per request than the write (ADR 043).
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
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
