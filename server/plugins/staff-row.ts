// A staff decision on one row named by its id (a message handled, a review moderated): the route parses the id and
// the body, makes the change as the signed-in staff member, and answers the changed row, or a 404 when no row has
// that id.
import type { FastifyInstance } from "fastify";
import type * as z from "zod/mini";
import { httpError } from "./errors";
import { idParam } from "./route-params";
import { staffAction } from "./session";

export interface StaffRowRoute<Body extends z.ZodMiniType, Row extends z.ZodMiniType> {
  method: "PATCH" | "POST";
  /** With an `:id` segment. */
  url: string;
  body?: Body;
  row: Row;
  /** The 404's message. */
  notFound: string;
}

export function staffRowChange<Body extends z.ZodMiniType, Row extends z.ZodMiniType>(
  app: FastifyInstance,
  route: StaffRowRoute<Body, Row>,
  change: (
    id: number,
    body: z.output<Body>,
    by: ReturnType<typeof staffAction>,
  ) => Promise<z.output<Row> | undefined>,
): void {
  // As in staff-list.ts: the app's zod compilers read these schemas; `change`'s signature keeps both ends typed.
  const schema = {
    params: idParam,
    ...(route.body ? { body: route.body as unknown } : {}),
    response: { 200: route.row as unknown },
  };
  app.route({
    method: route.method,
    url: route.url,
    schema,
    handler: async (request) => {
      const { id } = request.params as z.output<typeof idParam>;
      const row = await change(id, request.body as z.output<Body>, staffAction(request));
      if (!row) throw httpError(404, route.notFound);
      return row;
    },
  });
}
