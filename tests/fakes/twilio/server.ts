// A local fake of the part of Twilio's REST API the site uses (issue 34): creating a message. The real SDK talks to
// it (pointed here by createTwilioSms's apiBaseUrl, through the SDK's own httpClient option), so tests check what
// the SDK really sends: the account in the path, HTTP Basic auth, and the form fields. It answers as Twilio does,
// refuses Twilio's magic invalid number, WhatsApp as free text or from a sender not on WhatsApp, and a template id or
// variables of the wrong shape, fails on demand for retry tests, and sends signed status callbacks.
import { createServer, type IncomingMessage } from "node:http";
import twilio from "twilio";
import { listenLocally } from "../listen";

/** Twilio's test number that is "invalid" (error 21211), as with Twilio's test credentials. */
export const INVALID_NUMBER = "+15005550001";

export interface TwilioRequest {
  accountSid: string;
  To?: string;
  From?: string;
  Body?: string;
  ContentSid?: string;
  ContentVariables?: string;
  StatusCallback?: string;
  MessagingServiceSid?: string;
  /** Every form field as sent. */
  form: Record<string, string>;
}

export interface FakeTwilio {
  /** Give this to createTwilioSms({ apiBaseUrl }). */
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages accepted, in order. */
  messages: TwilioRequest[];
  /** Every request to the Messages endpoint, accepted or not (after auth). */
  requests: TwilioRequest[];
  /** The next n message requests answer this status (500, 503, 429) with Twilio's error JSON. */
  failNext(status: number, times?: number): void;
  /**
   * Posts a status callback (form parameters such as MessageSid and MessageStatus) to `url`, signed with the auth
   * token as Twilio signs it: over `signedUrl` (the URL Twilio believes it called, i.e. PUBLIC_URL and the path;
   * default `url`) and the parameters. `signature` replaces it (a forged one). Returns the answer.
   */
  sendStatusCallback(
    url: string,
    params: Record<string, string>,
    options?: { signedUrl?: string; signature?: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });

const sid = (prefix: string) =>
  `${prefix}${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("")}`;

export async function startFakeTwilio(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? sid("AC");
  const authToken = options.authToken ?? "fake-twilio-auth-token";
  let failures: { status: number; times: number } | undefined;
  const fake: FakeTwilio = {
    url: "",
    accountSid,
    authToken,
    messages: [],
    requests: [],
    failNext(status, times = 1) {
      failures = { status, times };
    },
    async sendStatusCallback(url, params, callbackOptions = {}) {
      const signature =
        callbackOptions.signature ??
        twilio.getExpectedTwilioSignature(authToken, callbackOptions.signedUrl ?? url, params);
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": signature,
        },
        body: new URLSearchParams(params).toString(),
      });
      return { status: response.status, body: await response.text() };
    },
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      reply(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match || req.method !== "POST") return error(404, 20404, "The requested resource was not found");
    const [, pathAccount] = match;
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [user, password] = auth ? Buffer.from(auth, "base64").toString("utf8").split(":") : [];
    if (user !== accountSid || password !== authToken || pathAccount !== accountSid) {
      return error(401, 20003, "Authenticate");
    }
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const request: TwilioRequest = {
      accountSid: pathAccount as string,
      To: form.To,
      From: form.From,
      Body: form.Body,
      ContentSid: form.ContentSid,
      ContentVariables: form.ContentVariables,
      StatusCallback: form.StatusCallback,
      MessagingServiceSid: form.MessagingServiceSid,
      form,
    };
    fake.requests.push(request);
    if (failures && failures.times > 0) {
      failures.times -= 1;
      return error(failures.status, failures.status === 429 ? 20429 : 20500, "Internal Server Error");
    }
    if (!form.To) return error(400, 21604, "A 'To' phone number is required.");
    if (!form.From && !form.MessagingServiceSid) {
      return error(400, 21603, "A 'From' phone number is required.");
    }
    if (!form.Body && !form.ContentSid) {
      return error(400, 21619, "A text message body or media urls must be specified.");
    }
    // WhatsApp as Twilio takes it: both ends on the channel, and (outside a 24-hour window, which the site never
    // relies on) only an approved content template, its variables a JSON object of strings.
    const whatsapp = form.To.startsWith("whatsapp:");
    if (whatsapp !== (form.From ?? "").startsWith("whatsapp:")) {
      return error(400, 63007, "Twilio could not find a Channel with the specified From address");
    }
    if (whatsapp && !form.ContentSid) {
      return error(400, 63016, "Failed to send freeform message because you are outside the allowed window.");
    }
    if (form.ContentSid !== undefined) {
      if (!/^HX[0-9a-fA-F]{32}$/.test(form.ContentSid))
        return error(400, 21656, "The ContentSid is invalid.");
      if (form.Body) return error(400, 21619, "A message has a body or a content template, not both.");
      let variables: unknown = {};
      try {
        variables = JSON.parse(form.ContentVariables ?? "{}");
      } catch {
        return error(400, 21656, "The ContentVariables Parameter is invalid.");
      }
      const strings =
        typeof variables === "object" &&
        variables !== null &&
        !Array.isArray(variables) &&
        Object.values(variables).every((value) => typeof value === "string");
      if (!strings) return error(400, 21656, "The ContentVariables Parameter is invalid.");
    }
    if (form.To.replace(/^whatsapp:/, "") === INVALID_NUMBER) {
      return error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
    }
    fake.messages.push(request);
    const created = new Date().toUTCString();
    reply(201, {
      sid: sid("SM"),
      account_sid: accountSid,
      to: form.To,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body ?? "",
      status: form.MessagingServiceSid ? "accepted" : "queued",
      num_segments: "1",
      direction: "outbound-api",
      api_version: "2010-04-01",
      date_created: created,
      date_updated: created,
      date_sent: null,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: "USD",
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/x.json`,
    });
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}
