// The M-PAiSA HTTP adapter: one call, a payment request. It answers the provider's parsed reply or throws an
// MpaisaError whose message can be shown to the payer; it never touches the database (wallet-payments.ts does).
import {
  MPAISA_PAYMENTS_PATH,
  MpaisaErrorAnswerSchema,
  type MpaisaPaymentAnswer,
  MpaisaPaymentAnswerSchema,
  type MpaisaPaymentRequest,
} from "./mpaisa-wire";

/** What the wallet business rules need from a provider: the real M-PAiSA, the sandbox, or a test double. */
export interface WalletGateway {
  requestPayment(request: MpaisaPaymentRequest): Promise<MpaisaPaymentAnswer>;
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
  apiKey: string;
  /** A payer waits on this call; past it the payment stays pending and staff can still confirm it. */
  timeoutMs?: number;
}

export const MPAISA_TIMEOUT_MS = 15_000;

export function createMpaisaClient(config: MpaisaConfig): WalletGateway {
  const timeoutMs = config.timeoutMs ?? MPAISA_TIMEOUT_MS;
  const url = `${config.apiUrl.replace(/\/+$/, "")}${MPAISA_PAYMENTS_PATH}`;

  return {
    async requestPayment(request) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.apiKey}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
          throw new MpaisaError(
            `M-PAiSA did not answer within ${timeoutMs / 1000} seconds. Your payment is pending; please try again in a few minutes.`,
            "timeout",
          );
        }
        throw new MpaisaError("M-PAiSA cannot be reached right now. Please try again later.", "unavailable");
      }

      const body = parseJson(text);
      if (response.status === 401 || response.status === 403) {
        throw new MpaisaError(
          "M-PAiSA refused our merchant credentials. Please pay by card or contact us.",
          "credentials",
        );
      }
      if (response.status >= 500) {
        throw new MpaisaError(
          `M-PAiSA is having trouble (${response.status}). Please try again later.`,
          "unavailable",
        );
      }
      if (!response.ok) {
        throw new MpaisaError(
          `M-PAiSA declined the payment: ${errorMessage(body) ?? `error ${response.status}`}`,
          "declined",
        );
      }
      const parsed = MpaisaPaymentAnswerSchema.safeParse(body);
      if (!parsed.success) {
        throw new MpaisaError(
          "M-PAiSA gave an answer we could not read. Please try again later.",
          "bad-answer",
        );
      }
      return parsed.data;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorMessage(body: unknown): string | undefined {
  const parsed = MpaisaErrorAnswerSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { message, error } = parsed.data;
  const text = message ?? (typeof error === "string" ? error : error?.message);
  return text?.slice(0, 300);
}
