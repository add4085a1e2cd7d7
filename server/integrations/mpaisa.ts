// The M-PAiSA HTTP adapter: a bearer token from our client credentials (kept until shortly before it expires), the
// handshake that opens a payment request on the gateway's hosted page, the status call, and the check of the SHA-256
// token the gateway's redirect carries. It answers typed results or throws an MpaisaError whose message can be shown
// to the payer; it never touches the database (wallet-payments.ts does), so no call here runs inside a transaction.
import {
  centsToWireAmount,
  checkoutUrl,
  digestMatches,
  ErrorAnswerSchema,
  type GatewayOutcome,
  gatewayDigest,
  HandshakeAnswerSchema,
  type HandshakeFields,
  handshakeUrl,
  INVALID_MERCHANT_CODE,
  MPAISA_PATHS,
  outcomeOf,
  PAYABLE_FOR_MS,
  PENDING_CODE,
  StatusAnswerSchema,
  statusCodeOf,
  statusUrl,
  TOKEN_DEFAULT_LIFETIME_MS,
  TOKEN_REFRESH_MARGIN_MS,
  TokenAnswerSchema,
  tokenRequestBody,
  wireAmountToCents,
} from "./mpaisa-wire";

export interface PaymentToStart {
  reference: string;
  amountCents: number;
  itemDetail: string;
  returnUrl: string;
}

export interface StartedPayment {
  /** The gateway's request id: kept as the payment's provider transaction id. */
  requestId: string;
  /** The hosted payment page for this request: the checkoutUrl the M-PAiSA page opens, and what a QR code encodes. */
  checkoutUrl: string;
  /** Until when the request can be paid; its status is polled until then. */
  payableUntil: Date;
  /** Whether the handshake's digest matched ours (null when it sent none); a mismatch is only logged (ADR 022). */
  digestMatches: boolean | null;
}

export interface PaymentStatus {
  outcome: GatewayOutcome;
  code: number | null;
  /** What the outcome means, in words a payer can read. */
  reason: string;
  /** What the gateway says was paid, when it says. */
  amountCents?: number;
}

export interface ReturnToCheck {
  reference: string;
  amountCents: number;
  itemDetail: string;
  code: number;
  token: string;
}

/** What the wallet business rules need from a gateway: the real M-PAiSA, the sandbox, or a test double. */
export interface WalletGateway {
  startPayment(payment: PaymentToStart): Promise<StartedPayment>;
  checkStatus(ids: { reference: string; requestId: string }): Promise<PaymentStatus>;
  /** Whether a redirect's token is the one the gateway makes for this payment and response code. */
  verifyReturn(back: ReturnToCheck): boolean;
}

export type MpaisaErrorKind = "timeout" | "unavailable" | "credentials" | "declined" | "bad-answer";

export class MpaisaError extends Error {
  /** 402 when the wallet refused the payer (their problem, shown as is); 502 when the provider failed us. */
  readonly statusCode: number;
  constructor(
    message: string,
    readonly kind: MpaisaErrorKind,
  ) {
    super(message);
    this.name = "MpaisaError";
    this.statusCode = kind === "declined" ? 402 : 502;
  }
}

export interface MpaisaConfig {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** A payer waits on the handshake; past this it fails and nothing can be paid on it. */
  timeoutMs?: number;
}

export const MPAISA_TIMEOUT_MS = 15_000;

const CREDENTIALS_MESSAGE = "M-PAiSA refused our merchant credentials. Please pay by card or contact us.";
const BAD_ANSWER_MESSAGE = "M-PAiSA gave an answer we could not read. Please try again later.";

export function createMpaisaClient(config: MpaisaConfig): WalletGateway {
  const timeoutMs = config.timeoutMs ?? MPAISA_TIMEOUT_MS;
  const apiUrl = config.apiUrl.replace(/\/+$/, "");
  let cached: { token: string; expiresAt: number } | null = null;
  let exchanging: Promise<string> | null = null;

  async function exchangeToken(): Promise<string> {
    const { status, body } = await send(`${apiUrl}${MPAISA_PATHS.token}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: tokenRequestBody(config.clientId, config.clientSecret),
    });
    // Whatever else went wrong, a token endpoint that will not give us a token is a credentials problem.
    if (status >= 500) throw unavailable(status);
    const parsed = TokenAnswerSchema.safeParse(body);
    if (status >= 400 || !parsed.success) throw new MpaisaError(CREDENTIALS_MESSAGE, "credentials");
    const expiresAt = parsed.data.expiresAt ?? Date.now() + TOKEN_DEFAULT_LIFETIME_MS;
    cached = { token: parsed.data.token, expiresAt };
    return parsed.data.token;
  }

  /** The cached token while it has more than the margin left; concurrent callers share one exchange. */
  function token(): Promise<string> {
    if (cached && cached.expiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS)
      return Promise.resolve(cached.token);
    exchanging ??= exchangeToken().finally(() => {
      exchanging = null;
    });
    return exchanging;
  }

  /** A GET with the bearer token; one retry with a fresh token if the gateway stopped accepting the cached one. */
  async function authorisedGet(url: string) {
    for (let attempt = 0; ; attempt++) {
      const bearer = await token();
      const answer = await send(url, { method: "GET", headers: { authorization: `Bearer ${bearer}` } });
      if (answer.status !== 401 || attempt > 0) return answer;
      if (cached?.token === bearer) cached = null;
    }
  }

  async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        ...init,
        headers: { accept: "application/json", ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new MpaisaError(
          `M-PAiSA did not answer within ${timeoutMs / 1000} seconds. Nothing was taken from your wallet; please try again in a few minutes.`,
          "timeout",
        );
      }
      throw new MpaisaError("M-PAiSA cannot be reached right now. Please try again later.", "unavailable");
    }
    return { status: response.status, body: parseJson(text) };
  }

  /** The HTTP status of a gateway call as one of our errors, or nothing when it succeeded. */
  function refuse({ status, body }: { status: number; body: unknown }): void {
    if (status === 401 || status === 403) throw new MpaisaError(CREDENTIALS_MESSAGE, "credentials");
    if (status === 429) {
      throw new MpaisaError("M-PAiSA is busy right now. Please try again in a minute.", "unavailable");
    }
    if (status >= 500) throw unavailable(status);
    if (status >= 400) {
      throw new MpaisaError(
        `M-PAiSA declined the payment: ${errorMessage(body) ?? `error ${status}`}`,
        "declined",
      );
    }
  }

  return {
    async startPayment(payment) {
      const fields: HandshakeFields = {
        returnUrl: payment.returnUrl,
        reference: payment.reference,
        amount: centsToWireAmount(payment.amountCents),
        itemDetail: payment.itemDetail,
        clientId: config.clientId,
      };
      // A handshake that failed opened nothing the payer could pay, so it is never retried behind their back.
      const answer = await authorisedGet(handshakeUrl(apiUrl, fields));
      refuse(answer);
      const parsed = HandshakeAnswerSchema.safeParse(answer.body);
      if (!parsed.success) throw new MpaisaError(BAD_ANSWER_MESSAGE, "bad-answer");
      const { requestID, authdigestv2, response, paymentspage } = parsed.data;
      if (response !== undefined && response !== PENDING_CODE) {
        if (response === INVALID_MERCHANT_CODE) throw new MpaisaError(CREDENTIALS_MESSAGE, "credentials");
        throw new MpaisaError(`M-PAiSA declined the payment: ${outcomeOf(response).reason}`, "declined");
      }
      const expected = gatewayDigest({ ...fields, clientSecret: config.clientSecret, code: response ?? "" });
      return {
        requestId: requestID,
        checkoutUrl: checkoutUrl(paymentspage ?? `${apiUrl}${MPAISA_PATHS.paymentsPage}`, fields, requestID),
        payableUntil: new Date(Date.now() + PAYABLE_FOR_MS),
        digestMatches: authdigestv2 === undefined ? null : digestMatches(expected, authdigestv2),
      };
    },

    async checkStatus({ reference, requestId }) {
      const answer = await authorisedGet(
        statusUrl(apiUrl, { requestId, reference, clientId: config.clientId }),
      );
      refuse(answer);
      const parsed = StatusAnswerSchema.safeParse(answer.body);
      if (!parsed.success) throw new MpaisaError(BAD_ANSWER_MESSAGE, "bad-answer");
      // An answer about another payment is no answer about this one.
      if (
        (parsed.data.tID && parsed.data.tID !== reference) ||
        (parsed.data.rID && parsed.data.rID !== requestId)
      ) {
        throw new MpaisaError(BAD_ANSWER_MESSAGE, "bad-answer");
      }
      const code = statusCodeOf(parsed.data);
      const amountCents = wireAmountToCents(parsed.data.amt);
      return { ...outcomeOf(code), code, ...(amountCents !== null ? { amountCents } : {}) };
    },

    verifyReturn(back) {
      const expected = gatewayDigest({
        reference: back.reference,
        amount: centsToWireAmount(back.amountCents),
        itemDetail: back.itemDetail,
        clientSecret: config.clientSecret,
        code: back.code,
      });
      return digestMatches(expected, back.token);
    },
  };
}

function unavailable(status: number): MpaisaError {
  return new MpaisaError(`M-PAiSA is having trouble (${status}). Please try again later.`, "unavailable");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorMessage(body: unknown): string | undefined {
  const parsed = ErrorAnswerSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { message, error } = parsed.data;
  const text = message ?? (typeof error === "string" ? error : error?.message);
  return text?.slice(0, 300);
}
