// One error handler: a client's mistake is a 4xx with a readable JSON message, never a 500; real failures are
// logged with the request id and answered with a generic message.
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { StorageUnavailableError } from "../platform/storage";

export function errorBody(message: string) {
  return { message, error: { message } };
}

/** Marks an answer a route chose (a 503 "not configured", a 502 from a partner), not a failure to hide. */
const DELIBERATE = Symbol("deliberate");

/**
 * A client's mistake (or a deliberate 5xx) as an error to throw from a route: the handler below answers it with its status and
 * errorBody(message). Routes throw it rather than send, so their return type stays the response contract's.
 */
export function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode, [DELIBERATE]: true });
}

async function errors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names no row: the same 404 as an unknown one.
      if (error.validationContext === "params") return reply.status(404).send(errorBody("Not found."));
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
      return reply.status(400).send(errorBody(`Invalid ${field}: ${first?.message ?? "invalid value"}`));
    }
    // The brief asks for 400 (not Fastify's 415) when a client sends the wrong content type.
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(400).send(errorBody("Send the form as JSON (Content-Type: application/json)."));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send(errorBody("The request is too large (1 MB at most)."));
    }
    // Files (the library, certificates, backups) live in a store that can be down while the app is up: say so plainly
    // and log why, instead of a bare 500. Routes that can do better (render a certificate again) catch it first.
    if ((error as unknown) instanceof StorageUnavailableError) {
      request.log.error({ err: error, reqId: request.id }, "file storage unavailable");
      return reply.status(503).send(errorBody(STORAGE_UNAVAILABLE));
    }
    const status = error.statusCode ?? 500;
    if ((status >= 400 && status < 500) || (status >= 500 && DELIBERATE in error)) {
      return reply.status(status).send(errorBody(error.message));
    }
    request.log.error({ err: error, reqId: request.id }, "request failed");
    return reply.status(500).send(errorBody("Something went wrong on our side. Please try again."));
  });
}

export const STORAGE_UNAVAILABLE =
  "Our file store is not answering right now. Please try again in a few minutes.";

export default fp(errors, { name: "errors" });
