// What Twilio's two webhooks share (issue 34): the delivery reports (/api/sms/status) and the inbound replies
// (/api/sms/inbound) are form-encoded posts from Twilio's servers, exempt from the Origin check, and authenticated by
// X-Twilio-Signature over PUBLIC_URL, the path and every parameter (twilio-signature.ts). Anything unsigned or forged
// is refused with 403, and so is everything while Twilio is not configured. Numbers in them are never logged.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { httpError } from "../../plugins/errors";
import { verifyTwilioSignature } from "./twilio-signature";

/** Reads form bodies as flat string records, in the calling plugin's scope only (every parameter is signed). */
export function parseTwilioForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** Throws 403 with `refusal` unless Twilio signed this request's URL (rebuilt from PUBLIC_URL) and parameters. */
export function requireTwilioSignature(
  app: FastifyInstance,
  request: FastifyRequest,
  params: Record<string, string>,
  refusal: string,
): void {
  const signature = request.headers["x-twilio-signature"];
  const signed = verifyTwilioSignature(
    app.env.TWILIO_AUTH_TOKEN ?? "",
    app.env.PUBLIC_URL,
    request.url,
    params,
    typeof signature === "string" ? signature : undefined,
  );
  if (!signed) {
    request.log.warn({ route: request.routeOptions.url }, "twilio webhook refused: not signed by Twilio");
    throw httpError(403, refusal);
  }
}
