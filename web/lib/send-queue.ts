// Submissions of the contact, review and enrollment forms that got no HTTP answer (offline, or the connection
// dropped before the answer came), kept on this device (localStorage) and sent again when the connection returns or
// the next page of the site loads (docs/product.md, Forms that survive the connection; ADR 041). Each keeps the
// Idempotency-Key of the attempt, so a request that did reach the server is stored there once. Payment requests
// are never queued. Whatever is in storage is checked before use: junk and foreign addresses are dropped.
//
// All of it ships with the page (about 0.6 KB gzipped): loaded lazily it saved only ~0.1 KB, cost the landing page
// one more file, and a dynamic import that fails once (offline) stays failed for the rest of the page's life.
import { ApiError, apiRequest, serverMessage } from "./api";
import {
  clearDraftSentAs,
  DRAFT_MAX_AGE_MS,
  DRAFT_SENT_EVENT,
  forget,
  markDraftQueued,
  readStored,
  writeStored,
} from "./form-draft";
import { toast } from "./use-toast";

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

const NOUNS: readonly unknown[] = ["message", "review", "enrollment"];

/** Whether a stored entry is one we wrote, not older than 7 days. */
function isQueued(entry: unknown, now: number): entry is QueuedSubmission {
  if (typeof entry !== "object" || entry === null) return false;
  const { path, body, key, noun, draft, queuedAt } = entry as Record<string, unknown>;
  return (
    // Only our own public API: a tampered entry must not make the page post anywhere else.
    typeof path === "string" &&
    /^\/api\/[\w/-]+$/.test(path) &&
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    typeof key === "string" &&
    /^[\w.:-]{8,200}$/.test(key) &&
    NOUNS.includes(noun) &&
    (draft === undefined || typeof draft === "string") &&
    typeof queuedAt === "number" &&
    now - queuedAt <= DRAFT_MAX_AGE_MS
  );
}

/** The queue, oldest first; anything unreadable or older than 7 days is removed from storage. */
export function queuedSubmissions(now = Date.now()): QueuedSubmission[] {
  const stored = readStored(QUEUE_KEY);
  if (stored === undefined) return [];
  const entries: unknown[] = Array.isArray(stored) ? stored : [];
  const valid = entries.filter((entry) => isQueued(entry, now));
  if (valid.length !== entries.length || !Array.isArray(stored)) saveQueue(valid);
  return valid;
}

function saveQueue(entries: QueuedSubmission[]): void {
  if (entries.length === 0) forget(QUEUE_KEY);
  else writeStored(QUEUE_KEY, entries);
}

/** Keeps a submission for later (replacing an earlier attempt with the same key). */
export function enqueue(entry: Omit<QueuedSubmission, "queuedAt">, now = Date.now()): void {
  saveQueue([
    ...queuedSubmissions(now).filter((queued) => queued.key !== entry.key),
    { ...entry, queuedAt: now },
  ]);
  if (entry.draft) markDraftQueued(entry.draft, entry.key);
}

export function dequeue(key: string): void {
  const entries = queuedSubmissions();
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
  return queuedSubmissions().find((entry) => entry.path === path && fieldsOf(entry.body) === fields)?.key;
}

let running: Promise<void> | null = null;

/** One run at a time: the 'online' event, a page load and the minute timer may all ask at once. */
export function resendQueued(): Promise<void> {
  running ??= resendAll().finally(() => {
    running = null;
  });
  return running;
}

async function resendAll(): Promise<void> {
  for (const entry of queuedSubmissions()) {
    try {
      await apiRequest("POST", entry.path, entry.body, { "Idempotency-Key": entry.key });
    } catch (error) {
      if (!(error instanceof ApiError)) return; // Still no answer: the rest waits too.
      // A busy or failing server (5xx, 429) may take it later; any other answer is final.
      if (error.status >= 500 || error.status === 429) continue;
      dequeue(entry.key);
      toast({
        title: `Your saved ${entry.noun} could not be sent.`,
        description: serverMessage(error) ?? "Please check the form and send it again.",
        variant: "destructive",
      });
      continue;
    }
    dequeue(entry.key);
    // The draft goes only if it still holds what was sent; a form the visitor has changed since is kept.
    if (entry.draft && clearDraftSentAs(entry.draft, entry.key)) {
      dispatchEvent(new CustomEvent(DRAFT_SENT_EVENT, { detail: entry.draft }));
    }
    toast({ title: `Your saved ${entry.noun} was sent.` });
  }
}

/** After the 'online' event, a moment for the connection to settle before the queue is sent. */
const SETTLE_MS = 2000;

/**
 * Sends the queue again at once, a moment after the browser says it is back online, and once a minute while the
 * page is open (a connection can come back without the browser noticing it was gone). Answers the cleanup.
 */
export function watchSendQueue(): () => void {
  const resend = () => {
    if (readStored(QUEUE_KEY) !== undefined) void resendQueued();
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
