// The Twilio adapter: the only module that talks to Twilio's REST API, through the official SDK (issue 34). SMS go
// from a number or a messaging service with a body; WhatsApp goes from a "whatsapp:" sender as an approved content
// template (a business may not send free text outside the 24-hour window). Failures become SmsSendError, retryable
// or permanent, so the outbox tries again only when that can help. Twilio's own error texts name the number, and
// numbers never reach a log, so an error here says the status and Twilio's code only.
import type RequestClient from "twilio/lib/base/RequestClient";
import type { MessageListInstanceCreateOptions } from "twilio/lib/rest/api/v2010/account/message";
import { checkSmsMessage, retryableStatus, type SmsProvider, SmsSendError } from "./sms-provider";

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** The SMS sender: a Twilio number or alphanumeric id; or a messaging service (which wins when both are set). */
  from?: string;
  messagingServiceSid?: string;
  /** The WhatsApp sender's number in E.164; without it, WhatsApp is refused (the caller falls back to SMS). */
  whatsappFrom?: string;
  /**
   * Where Twilio's API is, for tests and local runs against a fake ("http://127.0.0.1:4010"): every request the SDK
   * makes to https://*.twilio.com goes there instead, through the SDK's own `httpClient` option.
   */
  apiBaseUrl?: string;
}

type TwilioSdk = typeof import("twilio");
type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

/** Twilio's SDK, loaded at the first text rather than with every server (ADR 039). */
const loadTwilio = (): Promise<TwilioSdk> => import("twilio").then((module) => module.default);

/** Rewrites https://<anything>.twilio.com to `baseUrl`, keeping the path and query. */
export function redirectTwilioUri(uri: string, baseUrl: string): string {
  const url = new URL(uri);
  if (!/(^|\.)twilio\.com$/.test(url.hostname)) return uri;
  return new URL(`${url.pathname}${url.search}`, baseUrl).href;
}

/** The SDK's HTTP client (RequestClient: auth, headers, form encoding, as in production), sent to another host. */
function redirectingClient(sdk: TwilioSdk, baseUrl: string) {
  class RedirectingRequestClient extends sdk.RequestClient {
    override request<TData>(opts: RequestOptions<TData>) {
      return super.request<TData>({ ...opts, uri: redirectTwilioUri(opts.uri, baseUrl) });
    }
  }
  return new RedirectingRequestClient();
}

/** Turns what the SDK threw into a retryable or permanent SmsSendError. */
export function twilioFailure(error: unknown): SmsSendError {
  if (error instanceof SmsSendError) return error;
  const rest = error as { status?: unknown; code?: unknown; isAxiosError?: unknown } | null;
  if (rest && typeof rest.status === "number") {
    const code = typeof rest.code === "number" ? rest.code : undefined;
    return new SmsSendError(
      `Twilio refused the message (HTTP ${rest.status}${code ? `, code ${code}` : ""})`,
      retryableStatus(rest.status),
      rest.status,
      code,
      { cause: error },
    );
  }
  // No answer: refused connection, reset, timeout, DNS (axios errors carry a string code such as ECONNREFUSED).
  if (rest && (rest.isAxiosError === true || typeof rest.code === "string")) {
    const reason = typeof rest.code === "string" ? rest.code : "no answer";
    return new SmsSendError(`Twilio could not be reached (${reason})`, true, undefined, undefined, {
      cause: error,
    });
  }
  // The SDK's own checks of its parameters: sending the same again would fail the same way.
  return new SmsSendError("The message could not be sent through Twilio", false, undefined, undefined, {
    cause: error,
  });
}

export function createTwilioSms(options: TwilioSmsOptions): SmsProvider {
  if (!options.from && !options.messagingServiceSid) {
    throw new Error("Twilio needs a sender: a From number or a messaging service SID");
  }
  let client: Promise<ReturnType<TwilioSdk>> | undefined;
  const twilioClient = () => {
    client ??= loadTwilio().then((sdk) =>
      sdk(options.accountSid, options.authToken, {
        httpClient: options.apiBaseUrl ? redirectingClient(sdk, options.apiBaseUrl) : undefined,
      }),
    );
    return client;
  };
  return {
    kind: "twilio",
    async send(message) {
      checkSmsMessage(message);
      let params: MessageListInstanceCreateOptions;
      if (message.channel === "whatsapp") {
        if (!options.whatsappFrom) throw new SmsSendError("WhatsApp is not configured", false);
        params = { from: `whatsapp:${options.whatsappFrom}`, to: `whatsapp:${message.to}` };
      } else {
        params = options.messagingServiceSid
          ? { messagingServiceSid: options.messagingServiceSid, to: message.to }
          : { from: options.from, to: message.to };
      }
      if (message.body !== undefined) params.body = message.body;
      if (message.template) {
        params.contentSid = message.template.contentSid;
        params.contentVariables = JSON.stringify(message.template.variables);
      }
      if (message.statusCallback) params.statusCallback = message.statusCallback;
      try {
        const sent = await (await twilioClient()).messages.create(params);
        return { providerId: sent.sid, status: sent.status };
      } catch (error) {
        throw twilioFailure(error);
      }
    },
  };
}
