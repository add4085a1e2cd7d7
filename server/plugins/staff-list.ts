// A staff list is a GET behind the staff session whose query (filters, paging) and page shape come from shared/;
// the route itself only hands the parsed query to the domain's list function.
import type { FastifyInstance } from "fastify";
import type * as z from "zod/mini";

export function staffList<Query extends z.ZodMiniType, Page extends z.ZodMiniType>(
  app: FastifyInstance,
  url: string,
  schema: { query: Query; page: Page },
  list: (query: z.output<Query>) => Promise<z.output<Page>>,
): void {
  // The app's zod compilers parse the query and serialise the page from these schemas; `list`'s own signature
  // keeps both ends typed, which the type provider cannot do through generic schemas.
  const options = {
    schema: { querystring: schema.query as unknown, response: { 200: schema.page as unknown } },
  };
  app.get(url, options, (request) => list(request.query as z.output<Query>));
}
