// ?limit=&offset= of the staff lists, for their request contracts: 50 rows by default, PAGE_SIZE_MAX at most.
import * as z from "zod/mini";
import { PAGE_SIZE_MAX } from "./admin";

export const pagingQuery = {
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_SIZE_MAX)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
};
