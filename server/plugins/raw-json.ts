// Providers sign the exact bytes they send (Stripe webhooks): inside the scope given, JSON bodies
// stay a raw Buffer so the signature can be checked before anything is parsed.
import type { FastifyInstance } from "fastify";

export function keepJsonBodiesRaw(scope: FastifyInstance): void {
  scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });
}
