// Route ids: anything that is not a positive 32-bit integer cannot name a row, so it is a 404, never a 500.
import * as z from "zod/mini";
import { PAGE_SIZE_MAX } from "../../shared/admin";

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

/** ?limit=&offset= for the staff lists: 50 rows by default, PAGE_SIZE_MAX at most. */
export const paging = {
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_SIZE_MAX)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
};
