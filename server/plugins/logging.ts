// What the request log may hold. Sign-in links, OIDC callbacks and payment returns carry one-time secrets in their
// query strings, so a logged URL keeps its path only; bodies are never logged (Fastify's default does not, and no
// serializer here adds them).
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";

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
 * The request's one log line, once answered: what Fastify's own "incoming request" and "request completed" lines
 * held between them (the request through the serializer above, the status, the time taken), for half the cost per
 * request (issue 17, point 6: the server's throughput on `GET /`).
 */
export async function logRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.log.info(
    { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
    "request completed",
  );
}
