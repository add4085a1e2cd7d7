// Submissions of the contact, review and enrollment forms that got no HTTP answer (offline, or the connection
// dropped before the answer came), kept on this device (localStorage) and sent again when the connection returns or
// the next page of the site loads (docs/product.md, Forms that survive the connection; ADR 041). Each keeps the
// Idempotency-Key of the attempt, so a request that did reach the server is stored there once. Payment requests
// are never queued. Reading the queue for a resend, which checks every entry, and the resend itself
// (web/lib/resend-queued.ts) load only when the queue holds something: the landing page carries only this file.
import { forget, markDraftQueued, readStored, writeStored } from "./form-draft";

export const QUEUE_KEY = "form-queue";

/** What the visitor calls what they sent: "Your saved message was sent." */
export type QueuedNoun = "message" | "review" | "enrollment";

export interface QueuedSubmission {
  path: string;
  body: Record<string, unknown>;
  /** The Idempotency-Key of the attempt that got no answer; every resend reuses it. */
  key: string;
  noun: QueuedNoun;
  /** The form whose draft these values are (cleared once they are stored). */
  draft?: string;
  queuedAt: number;
}

/** The stored entries as they are: checked only where they are sent. */
const storedEntries = (): Partial<QueuedSubmission>[] => {
  const stored = readStored(QUEUE_KEY);
  return Array.isArray(stored) ? stored.filter((entry) => typeof entry === "object" && entry !== null) : [];
};

export function saveQueue(entries: unknown[]): void {
  if (entries.length === 0) forget(QUEUE_KEY);
  else writeStored(QUEUE_KEY, entries);
}

/** Keeps a submission for later (replacing an earlier attempt with the same key). */
export function enqueue(entry: Omit<QueuedSubmission, "queuedAt">, now = Date.now()): void {
  saveQueue([...storedEntries().filter((queued) => queued.key !== entry.key), { ...entry, queuedAt: now }]);
  if (entry.draft) markDraftQueued(entry.draft, entry.key);
}

export function dequeue(key: string): void {
  const entries = storedEntries();
  const rest = entries.filter((entry) => entry.key !== key);
  if (rest.length !== entries.length) saveQueue(rest);
}

/** The form's own fields, without the anti-spam values that change at every attempt. */
const fieldsOf = (body: unknown) => {
  const { website: _w, formElapsedMs: _e, ...fields } = (body ?? {}) as Record<string, unknown>;
  return JSON.stringify(fields);
};

/**
 * The key of a queued submission of the very same fields to `path`: sending the form again (the failure toast says
 * "Please try again.") is then a retry of that attempt, which the server stores once.
 */
export function queuedKeyFor(path: string, body: object): string | undefined {
  const fields = fieldsOf(body);
  return storedEntries().find((entry) => entry.path === path && fieldsOf(entry.body) === fields)?.key;
}

/**
 * The resending module. A failed dynamic import stays failed for the rest of the page's life, so the public forms
 * fetch it at their first focus (preloadResend), while the connection is there, rather than only once it is back.
 */
const loadResend = () => import("./resend-queued");

export function preloadResend(): void {
  loadResend().catch(() => {});
}

/** After the 'online' event, a moment for the connection to settle before the queue is sent. */
const SETTLE_MS = 2000;

/**
 * Sends the queue again at once, a moment after the browser says it is back online, and once a minute while the
 * page is open (a connection can come back without the browser noticing it was gone). Answers the cleanup.
 */
export function watchSendQueue(): () => void {
  const resend = () => {
    if (readStored(QUEUE_KEY) === undefined) return;
    loadResend()
      .then(({ resendQueued }) => resendQueued())
      .catch(() => {});
  };
  let settling: ReturnType<typeof setTimeout> | undefined;
  const online = () => {
    clearTimeout(settling);
    settling = setTimeout(resend, SETTLE_MS);
  };
  resend();
  addEventListener("online", online);
  const timer = setInterval(resend, 60_000);
  return () => {
    removeEventListener("online", online);
    clearTimeout(settling);
    clearInterval(timer);
  };
}
