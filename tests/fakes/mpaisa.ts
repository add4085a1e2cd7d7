// A small local M-PAiSA gateway for tests, in the wire format of server/integrations/mpaisa-wire.ts: it exchanges client
// credentials for bearer tokens (with a lifetime the test sets), opens payment requests at the handshake (answering
// as its mode says: success, a refusal, a 500, or never), serves a hosted payment page, lets the test approve,
// decline or expire a request and hands back the redirect the payer's browser would follow (or none, when the payer
// never comes back), and answers status calls, which the test can hold to see that nothing waits on them.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  DECLINED_CODE,
  EXPIRED_CODE,
  gatewayDigest,
  gatewayReturnUrl,
  type HandshakeFields,
  handshakeFieldsOf,
  MPAISA_PATHS,
  PAID_CODE,
  PENDING_CODE,
} from "../../server/integrations/mpaisa-wire";
import { listenLocally } from "./listen";

export type FakeMpaisaMode = "success" | "decline" | "error" | "hang";

export interface FakeMpaisaRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: unknown;
  status: number;
}

export interface FakePaymentRequest {
  requestId: string;
  fields: HandshakeFields;
  code: number;
  /** What the status call reports as paid; the requested amount unless the test says otherwise. */
  paidAmount: string;
}

export interface FakeMpaisa {
  url: string;
  mode: FakeMpaisaMode;
  /** How long each new token lives. */
  tokenLifetimeMs: number;
  requests: FakeMpaisaRequest[];
  /** Every token exchange that succeeded. */
  tokensIssued: number;
  paymentRequests: Map<string, FakePaymentRequest>;
  byReference(reference: string): FakePaymentRequest | undefined;
  /**
   * The payer approves on the hosted page: the answer is the redirect to our return route, or null when the payer
   * never comes back (`redirect: false`).
   */
  approve(requestId: string, options?: { redirect?: boolean; paidAmount?: string }): string | null;
  decline(requestId: string): string;
  /** The request runs out unpaid, as the gateway would expire it. */
  expire(requestId: string): void;
  /** The redirect the gateway would make for this request with its current response code. */
  redirectFor(requestId: string, secret?: string): string;
  /** Tokens issued so far stop working (the gateway revoked them early). */
  revokeTokens(): void;
  /** Status calls wait until the returned function is called. */
  holdStatus(): () => void;
  close(): Promise<void>;
}

export interface FakeMpaisaOptions {
  clientId: string;
  clientSecret: string;
}

export async function startFakeMpaisa(options: FakeMpaisaOptions): Promise<FakeMpaisa> {
  const validTokens = new Map<string, number>();
  let held: Promise<void> | null = null;

  const find = (requestId: string) => {
    const request = fake.paymentRequests.get(requestId);
    if (!request) throw new Error(`the fake M-PAiSA opened no request ${requestId}`);
    return request;
  };

  const fake: FakeMpaisa = {
    url: "",
    mode: "success",
    tokenLifetimeMs: 30 * 60_000,
    requests: [],
    tokensIssued: 0,
    paymentRequests: new Map(),
    byReference: (reference) =>
      [...fake.paymentRequests.values()].find((request) => request.fields.reference === reference),
    approve: (requestId, approval = {}) => {
      const request = find(requestId);
      request.code = PAID_CODE;
      if (approval.paidAmount) request.paidAmount = approval.paidAmount;
      return approval.redirect === false ? null : fake.redirectFor(requestId);
    },
    decline: (requestId) => {
      find(requestId).code = DECLINED_CODE;
      return fake.redirectFor(requestId);
    },
    expire: (requestId) => {
      find(requestId).code = EXPIRED_CODE;
    },
    redirectFor: (requestId, secret = options.clientSecret) => {
      const { fields, code } = find(requestId);
      const token = gatewayDigest({ ...fields, clientSecret: secret, code });
      return gatewayReturnUrl(fields.returnUrl, { code, reference: fields.reference, requestId, token });
    },
    revokeTokens: () => validTokens.clear(),
    holdStatus: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    close: async () => {},
  };

  const bearerValid = (req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expiresAt = token ? validTokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  };

  async function handle(req: IncomingMessage, res: ServerResponse, log: FakeMpaisaRequest) {
    const text = await readBody(req);
    try {
      log.body = text ? JSON.parse(text) : null;
    } catch {
      log.body = text;
    }
    const { path, query } = log;

    if (req.method === "POST" && path === MPAISA_PATHS.token) {
      const body = log.body as { clientId?: string; clientSecret?: string } | null;
      if (body?.clientId !== options.clientId || body?.clientSecret !== options.clientSecret) {
        return sendJson(res, log, 401, { success: false, message: "Invalid client credentials" });
      }
      const token = randomBytes(16).toString("hex");
      const expiresAt = Date.now() + fake.tokenLifetimeMs;
      validTokens.set(token, expiresAt);
      fake.tokensIssued += 1;
      return sendJson(res, log, 200, { success: true, token, expiresAt });
    }

    if (req.method === "GET" && path === MPAISA_PATHS.handshake) {
      if (!bearerValid(req)) return sendJson(res, log, 401, { message: "Invalid or expired token" });
      const fields = handshakeFieldsOf(query);
      if (!fields) return sendJson(res, log, 400, { message: "Missing handshake parameters" });
      if (fields.clientId !== options.clientId) return sendJson(res, log, 403, { message: "Unknown client" });
      if (!/^\d+\.\d{2}$/.test(fields.amount)) return sendJson(res, log, 400, { message: "Invalid amount" });
      if (fake.mode === "hang") return;
      if (fake.mode === "error") return sendJson(res, log, 500, { message: "Internal error" });
      const requestId = `R${randomBytes(8).toString("hex").toUpperCase()}`;
      // 110: the amount is over the wallet's limit, one way a request is refused at once.
      const response = fake.mode === "decline" ? 110 : PENDING_CODE;
      const authdigestv2 = gatewayDigest({ ...fields, clientSecret: options.clientSecret, code: response });
      if (response === PENDING_CODE) {
        fake.paymentRequests.set(requestId, {
          requestId,
          fields,
          code: PENDING_CODE,
          paidAmount: fields.amount,
        });
      }
      return sendJson(res, log, 200, {
        requestID: requestId,
        authdigestv2,
        response,
        paymentspage: `${fake.url}${MPAISA_PATHS.paymentsPage}`,
      });
    }

    if (req.method === "GET" && path === MPAISA_PATHS.status) {
      if (!bearerValid(req)) return sendJson(res, log, 401, { message: "Invalid or expired token" });
      if (held) await held;
      const request = fake.paymentRequests.get(query.get("rID") ?? "");
      if (
        !request ||
        request.fields.reference !== query.get("tID") ||
        query.get("cID") !== options.clientId
      ) {
        return sendJson(res, log, 404, { message: "Unknown request" });
      }
      return sendJson(res, log, 200, {
        response: request.code,
        tID: request.fields.reference,
        rID: request.requestId,
        amt: request.paidAmount,
        phone: "6799123456",
        ...(request.code === PAID_CODE ? { completedate: new Date().toISOString() } : {}),
      });
    }

    // The hosted payment page and its Approve button, for a person (or a browser test) to use.
    if (req.method === "GET" && path === MPAISA_PATHS.paymentsPage) {
      const request = fake.paymentRequests.get(query.get("rID") ?? "");
      if (!request) return sendJson(res, log, 404, { message: "Unknown request" });
      log.status = 200;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>M-PAiSA payment page</title><p>Pay FJD ${request.fields.amount} for ${request.fields.itemDetail}</p>` +
          `<form method="post" action="${MPAISA_PATHS.paymentsPage}approve?rID=${request.requestId}"><button>Approve</button></form>`,
      );
      return;
    }
    if (req.method === "POST" && path === `${MPAISA_PATHS.paymentsPage}approve`) {
      const requestId = query.get("rID") ?? "";
      if (!fake.paymentRequests.has(requestId))
        return sendJson(res, log, 404, { message: "Unknown request" });
      log.status = 303;
      res.writeHead(303, { location: fake.approve(requestId) ?? "" });
      res.end();
      return;
    }

    return sendJson(res, log, 404, { message: "Not found" });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const log: FakeMpaisaRequest = {
      method: req.method ?? "",
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body: null,
      status: 0,
    };
    fake.requests.push(log);
    handle(req, res, log).catch((error: unknown) => sendJson(res, log, 500, { message: String(error) }));
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, log: FakeMpaisaRequest, status: number, body: unknown) {
  log.status = status;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The path and query of an absolute address: the gateway redirects to PUBLIC_URL, a test injects it. */
export function localPath(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
