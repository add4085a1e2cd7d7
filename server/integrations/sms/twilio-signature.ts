// Checks that a status callback or inbound webhook came from Twilio (issue 34). Twilio signs the URL it called plus
// the form parameters with the auth token (X-Twilio-Signature). The URL is rebuilt from PUBLIC_URL and the route's
// path and query, never from the Host header, which the caller controls: a request signed for another site, path or
// parameters fails. Only the SDK's small webhooks module is loaded, not the whole SDK.
import { validateRequest } from "twilio/lib/webhooks/webhooks.js";

/** The URL Twilio called: PUBLIC_URL's origin and base path, then the route's path and query as received. */
export function twilioCallbackUrl(publicUrl: string, pathAndQuery: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${pathAndQuery.startsWith("/") ? "" : "/"}${pathAndQuery}`;
}

/** True when `signature` is Twilio's signature of this URL and these form parameters; false for anything else. */
export function verifyTwilioSignature(
  authToken: string,
  publicUrl: string,
  pathAndQuery: string,
  formParams: Record<string, string | string[]>,
  signature: string | undefined,
): boolean {
  if (!authToken || !signature) return false;
  return validateRequest(authToken, signature, twilioCallbackUrl(publicUrl, pathAndQuery), formParams);
}
