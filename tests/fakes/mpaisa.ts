// A small local M-PAiSA for tests: it takes the payment request in the wire format of server/services/mpaisa-wire.ts,
// checks the merchant's bearer key, answers as its mode says (success, decline, a 500, or never), and can deliver
// the provider's callback to the callbackUrl it was given: signed with the shared secret, or forged.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  centsToWireAmount,
  MPAISA_PAYMENTS_PATH,
  MPAISA_SIGNATURE_HEADER,
  type MpaisaCallback,
  type MpaisaPaymentRequest,
  MpaisaPaymentRequestSchema,
  signMpaisaBody,
} from "../../server/services/mpaisa-wire";

export type FakeMpaisaMode = "success" | "decline" | "error" | "hang";

export interface FakeMpaisaRequest {
  authorization: string | undefined;
  body: unknown;
  status: number;
}

export type Forgery = "unsigned" | "wrong-secret" | "tampered";

export interface CallbackOptions {
  /** For a reference the fake was never asked about (a scanned QR code). */
  amountCents?: number;
  transactionId?: string;
  forge?: Forgery;
}

export interface FakeMpaisa {
  url: string;
  mode: FakeMpaisaMode;
  /**
   * Where callbacks really go: the app under test listens on a local port while its callbackUrl names the public
   * origin (as it would behind a proxy), so the fake swaps the origin and keeps the path. Set once the app listens.
   */
  callbackOrigin: string;
  requests: FakeMpaisaRequest[];
  /** The accepted payment requests by reference, with the transaction id the fake gave each. */
  payments: Map<string, { request: MpaisaPaymentRequest; transactionId: string }>;
  /** Delivers the provider's callback; answers our server's status and body. */
  callback(
    reference: string,
    status: MpaisaCallback["status"],
    options?: CallbackOptions,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface FakeMpaisaOptions {
  apiKey: string;
  merchantId: string;
  callbackSecret: string;
}

export async function startFakeMpaisa(options: FakeMpaisaOptions): Promise<FakeMpaisa> {
  let serial = 0;
  const fake: FakeMpaisa = {
    url: "",
    mode: "success",
    callbackOrigin: "",
    requests: [],
    payments: new Map(),
    callback: async (reference, status, callbackOptions = {}) => {
      const known = fake.payments.get(reference);
      const amountCents = callbackOptions.amountCents;
      const body: MpaisaCallback = {
        reference,
        transactionId: callbackOptions.transactionId ?? known?.transactionId ?? nextTransactionId(),
        status,
        amount:
          amountCents !== undefined ? centsToWireAmount(amountCents) : (known?.request.amount ?? "0.00"),
        currency: "FJD",
        timestamp: new Date().toISOString(),
      };
      const text = JSON.stringify(body);
      const headers: Record<string, string> = { "content-type": "application/json" };
      const forge = callbackOptions.forge;
      if (forge !== "unsigned") {
        const secret = forge === "wrong-secret" ? randomBytes(24).toString("hex") : options.callbackSecret;
        headers[MPAISA_SIGNATURE_HEADER] = signMpaisaBody(text, secret);
      }
      const sent = forge === "tampered" ? text.replace(/"amount":"[^"]*"/, '"amount":"5000.00"') : text;
      const target = new URL(known?.request.callbackUrl ?? "/api/mpaisa/callback", fake.callbackOrigin);
      const local = new URL(target.pathname + target.search, fake.callbackOrigin);
      const res = await fetch(local, { method: "POST", headers, body: sent });
      return { status: res.status, body: await res.text() };
    },
    close: async () => {},
  };

  function nextTransactionId(): string {
    serial += 1;
    return `MP${String(serial).padStart(8, "0")}`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, log: FakeMpaisaRequest) {
    const text = await readBody(req);
    try {
      log.body = JSON.parse(text);
    } catch {
      log.body = text;
    }
    if (req.method !== "POST" || req.url !== MPAISA_PAYMENTS_PATH) {
      return send(res, log, 404, { message: "Not found" });
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(res, log, 401, { message: "Invalid API key" });
    }
    const parsed = MpaisaPaymentRequestSchema.safeParse(log.body);
    if (!parsed.success) {
      return send(res, log, 400, { message: `Invalid request: ${parsed.error.issues[0]?.path.join(".")}` });
    }
    if (parsed.data.merchantId !== options.merchantId) {
      return send(res, log, 403, { message: "Unknown merchant" });
    }
    if (fake.mode === "hang") return;
    if (fake.mode === "error") return send(res, log, 500, { message: "Internal error" });
    const transactionId = nextTransactionId();
    if (fake.mode === "decline") {
      return send(res, log, 200, {
        transactionId,
        status: "DECLINED",
        message: "This number is not registered for M-PAiSA.",
      });
    }
    fake.payments.set(parsed.data.reference, { request: parsed.data, transactionId });
    return send(res, log, 201, {
      transactionId,
      status: "PENDING",
      checkoutUrl: `${fake.url}/checkout/${transactionId}`,
      message: "A payment request was sent to the customer's phone.",
    });
  }

  const server = createServer((req, res) => {
    const log: FakeMpaisaRequest = { authorization: req.headers.authorization, body: null, status: 0 };
    fake.requests.push(log);
    handle(req, res, log).catch((error: unknown) => send(res, log, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
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

function send(res: ServerResponse, log: FakeMpaisaRequest, status: number, body: unknown) {
  log.status = status;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
