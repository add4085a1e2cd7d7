// The body of every error answer (4xx and 5xx): a readable message for people, repeated under `error` for clients
// that look there. Some answers add a field (a 429 says when to retry), so the schema lets extra keys through.
import * as z from "zod/mini";

export const ErrorBodySchema = z.looseObject({
  message: z.string(),
  error: z.optional(z.object({ message: z.string() })),
});
export type ErrorBody = z.output<typeof ErrorBodySchema>;
