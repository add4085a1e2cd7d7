// The browser's one way to call /api. Every call sends cookies and JSON; a non-2xx answer throws an ApiError that
// carries the status and the parsed body as fields, so callers read `error.status` and `error.body` instead of
// picking a string apart. Its message stays "STATUS: body-or-statusText", the text the product shows for a failed
// call (docs/product.md, Data loading).

/** The JSON error body every route answers with: `{ message }` (Stripe-style `{ error: { message } }` too). */
export interface ErrorBody {
  message?: unknown;
  error?: { message?: unknown };
  [key: string]: unknown;
}

export class ApiError extends Error {
  /** The parsed JSON body, or null when the body was empty or not JSON. */
  readonly body: ErrorBody | null;

  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.body = parseBody(text);
  }

  /** The server's own explanation, when its body carries one. */
  get serverMessage(): string | undefined {
    const message = this.body?.message ?? this.body?.error?.message;
    return typeof message === "string" && message ? message : undefined;
  }
}

function parseBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as ErrorBody) : null;
  } catch {
    return null;
  }
}

/** Throws an ApiError for a non-2xx answer. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text);
}

/** The HTTP status of a failed call, or null when it never got an answer (offline, aborted). */
export function httpStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The server's `message` from a failed call's JSON body, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/**
 * The staff dashboard's answer to a sensitive action refused for want of a recent second factor (ADR 051): it asks
 * for a code (or says to turn two-factor on) and resolves true once the session may try again.
 */
export type StepUpHandler = (code: string) => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

/** Installed by the staff dashboard while it is open; public pages never meet a step-up. */
export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/** The `code` of a 403 that asks for a second factor ("step_up_required", "mfa_setup_required"), else null. */
export function stepUpCode(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const code = error.body?.code;
  return code === "step_up_required" || code === "mfa_setup_required" ? code : null;
}

/** Asks the dashboard for a second factor; false when no dashboard is open or the person cancelled. */
export function askForSecondFactor(code: string): Promise<boolean> {
  return stepUpHandler ? stepUpHandler(code) : Promise.resolve(false);
}

async function send(method: string, url: string, data: unknown, headers: Record<string, string>) {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  try {
    return await send(method, url, data, headers);
  } catch (error) {
    // A sensitive action without a recent second factor: once the code is confirmed, the same call again.
    const code = stepUpCode(error);
    if (code && (await askForSecondFactor(code))) return send(method, url, data, headers);
    throw error;
  }
}

/** A call whose 2xx answer is JSON of type T (the staff and applicant screens' one way to call the API). */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  return (await (await apiRequest(method, url, data)).json()) as T;
}
