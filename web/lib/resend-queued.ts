// Sends the queued submissions again (web/lib/send-queue.ts), each with its first attempt's Idempotency-Key, and
// tells the visitor how each went. Loaded only when the queue holds something, so most page views never fetch it.
import { ApiError, apiRequest, serverMessage } from "./api";
import { clearDraftSentAs, DRAFT_MAX_AGE_MS, DRAFT_SENT_EVENT, readStored } from "./form-draft";
import { dequeue, QUEUE_KEY, type QueuedSubmission, saveQueue } from "./send-queue";
import { idempotencyHeaders } from "./submission";
import { toast } from "./use-toast";

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
      await apiRequest("POST", entry.path, entry.body, idempotencyHeaders(entry.key));
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
