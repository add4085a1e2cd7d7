// One way for the public forms (contact, review, enrollment) to send: the form's body plus its anti-spam values,
// POSTed with a fresh Idempotency-Key per attempt (TanStack Query's own retry reuses it, so a retried request is
// stored once).
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "./query-client";
import { type AntiSpamValues, idempotencyHeaders, newIdempotencyKey, useAntiSpam } from "./submission";

interface Attempt<TBody> {
  body: TBody & AntiSpamValues;
  idempotencyKey: string;
}

interface PublicSubmissionOptions<TData> {
  /** Reads the answer (default: none needed). */
  read?: (response: Response) => Promise<TData>;
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
  /** How many times a failed request is sent again (with the same key) before onError. */
  retry?: number;
}

export function usePublicSubmission<TBody extends object, TData = undefined>(
  path: string,
  { read, onSuccess, onError, retry }: PublicSubmissionOptions<TData> = {},
) {
  const { honeypotRef, antiSpamValues, restart } = useAntiSpam();
  const mutation = useMutation({
    mutationFn: async ({ body, idempotencyKey }: Attempt<TBody>) => {
      const response = await apiRequest("POST", path, body, idempotencyHeaders(idempotencyKey));
      return read ? read(response) : (undefined as TData);
    },
    retry,
    onSuccess,
    onError,
  });
  return {
    /** For the form's <Honeypot>. */
    honeypotRef,
    /** Starts the anti-spam clock again and empties the honeypot, for the next submission. */
    restart,
    pending: mutation.isPending,
    send: (body: TBody) =>
      mutation.mutate({ body: { ...body, ...antiSpamValues() }, idempotencyKey: newIdempotencyKey() }),
  };
}
