// One way for the public forms (contact, review, enrollment) to send: the form's body plus its anti-spam values,
// POSTed with a fresh Idempotency-Key per attempt (TanStack Query's own retry reuses it, so a retried request is
// stored once). An attempt that gets no HTTP answer at all is kept on this device and sent again later with the
// same key (web/lib/send-queue.ts); any HTTP answer, even an error, is final as before. Offline the request is
// still tried (the query client's networkMode "always"), so its failure is what keeps it and tells the visitor.
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "./api";
import { apiRequest } from "./query-client";
import { dequeue, enqueue, type QueuedNoun, queuedKeyFor } from "./send-queue";
import { type AntiSpamValues, idempotencyHeaders, newIdempotencyKey, useAntiSpam } from "./submission";

interface Attempt<TBody> {
  body: TBody & AntiSpamValues;
  idempotencyKey: string;
}

/** The request never got an HTTP answer (offline, or the connection dropped): fetch itself failed. */
export class NoAnswerError extends Error {}

/** The line under a failure toast when the submission was kept for later. */
export const savedOnDevice = (noun: QueuedNoun) =>
  `Your ${noun} is saved on this device and will be sent when the connection returns.`;

interface PublicSubmissionOptions<TData> {
  /** Reads the answer (default: none needed). */
  read?: (response: Response) => Promise<TData>;
  onSuccess?: (data: TData) => void;
  /** `saved`: the attempt got no answer and was kept on this device, to be sent when the connection returns. */
  onError?: (error: Error, saved: boolean) => void;
  /** How many times a failed request is sent again (with the same key) before onError. */
  retry?: number;
  /** What the visitor calls it, and the form's draft (cleared once a kept submission is stored). */
  queue: { noun: QueuedNoun; draft?: string };
}

export function usePublicSubmission<TBody extends object, TData = undefined>(
  path: string,
  { read, onSuccess, onError, retry, queue }: PublicSubmissionOptions<TData>,
) {
  const { honeypotRef, antiSpamValues, restart, clock } = useAntiSpam();
  const mutation = useMutation({
    mutationFn: async ({ body, idempotencyKey }: Attempt<TBody>) => {
      const response = await apiRequest("POST", path, body, idempotencyHeaders(idempotencyKey)).catch(
        (error: unknown) => {
          throw error instanceof ApiError ? error : new NoAnswerError(String(error));
        },
      );
      return read ? read(response) : (undefined as TData);
    },
    retry,
    onSuccess: (data, { idempotencyKey }) => {
      dequeue(idempotencyKey);
      onSuccess?.(data);
    },
    onError: (error, { body, idempotencyKey }) => {
      const saved = error instanceof NoAnswerError;
      if (saved) enqueue({ path, body: body as Record<string, unknown>, key: idempotencyKey, ...queue });
      onError?.(error, saved);
    },
  });
  return {
    /** For the form's <Honeypot>. */
    honeypotRef,
    /** Starts the anti-spam clock again and empties the honeypot, for the next submission. */
    restart,
    /** The anti-spam clock, for the form's draft. */
    clock,
    pending: mutation.isPending,
    send: (body: TBody) =>
      mutation.mutate({
        body: { ...body, ...antiSpamValues() },
        idempotencyKey: queuedKeyFor(path, body) ?? newIdempotencyKey(),
      }),
  };
}
