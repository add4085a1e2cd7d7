// GET /api/health: 200 while the database answers, 503 (with a message) when it does not.
import * as z from "zod/mini";

export const HealthSchema = z.object({
  status: z.enum(["ok", "error"]),
  database: z.enum(["ok", "unreachable"]),
  message: z.optional(z.string()),
});
