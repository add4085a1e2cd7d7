// A staff list is a GET behind the staff session whose address, query (filters, paging) and page shape are one
// contract in shared/; the route itself only hands the parsed query to the domain's list function.
import type { FastifyInstance } from "fastify";
import type * as z from "zod/mini";

export interface StaffListContract<Query extends z.ZodMiniType, Page extends z.ZodMiniType> {
  url: string;
  query: Query;
  page: Page;
}

export function staffList<Query extends z.ZodMiniType, Page extends z.ZodMiniType>(
  app: FastifyInstance,
  contract: StaffListContract<Query, Page>,
  list: (query: z.output<Query>) => Promise<z.output<Page>>,
): void {
  // The app's zod compilers parse the query and serialise the page from these schemas; `list`'s own signature
  // keeps both ends typed, which the type provider cannot do through generic schemas.
  const schema = { querystring: contract.query as unknown, response: { 200: contract.page as unknown } };
  app.get(contract.url, { schema }, (request) => list(request.query as z.output<Query>));
}
