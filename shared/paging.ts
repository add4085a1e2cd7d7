// Paging and search of the staff lists, for their request contracts: ?limit=&offset= (50 rows by default,
// PAGE_SIZE_MAX at most) and ?q= (text to find, at most 200 characters).
import * as z from "zod/mini";

export const PAGE_SIZE_MAX = 200;

const pageSize = z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_SIZE_MAX));
const pageStart = z.coerce.number().check(z.int(), z.gte(0));

export const pagingQuery = {
  limit: z._default(pageSize, 50),
  offset: z._default(pageStart, 0),
};

/** The enrollment list pages only when asked to (the dashboard's export and tabs read it whole). */
export const optionalPagingQuery = { limit: z.optional(pageSize), offset: z.optional(pageStart) };

export const searchQuery = z.optional(z.string().check(z.maxLength(200)));

/**
 * A staff list's whole contract: its address, its filters (paging added) and the page it answers. The server
 * registers it with staffList(); the dashboard reads the same address and page shape.
 */
export function staffListContract<Page extends z.ZodMiniType, Filters extends z.core.$ZodLooseShape>(
  url: string,
  page: Page,
  filters: Filters,
) {
  return { url, page, query: z.object({ ...filters, ...pagingQuery }) };
}
