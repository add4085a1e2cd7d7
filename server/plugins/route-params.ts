// Route ids: anything that is not a positive 32-bit integer cannot name a row, so it is a 404, never a 500.
import * as z from "zod/mini";

export const idParam = z.object({
  id: z.pipe(
    z.string(),
    z.transform((value, context) => {
      const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
      if (!(id <= 2_147_483_647)) {
        context.issues.push({ code: "custom", message: "Not found", input: value });
        return z.NEVER;
      }
      return id;
    }),
  ),
});
