// Staff keep the library's categories: add (last), rename, reorder, and delete one no document uses. The portal's
// filter lists them in this order (GET /api/documents/categories).
import { asc, count, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CATEGORY_IN_USE_MESSAGE,
  CATEGORY_NAME_TAKEN_MESSAGE,
  CATEGORY_ORDER_MESSAGE,
  CategoryListSchema,
  CategoryNameSchema,
  CategoryOrderSchema,
  CategorySchema,
} from "../../shared/library";
import { OkSchema } from "../../shared/wire";
import type { Db } from "../db/client";
import { documentCategories, documents } from "../db/schema";
import { httpError } from "../plugins/errors";
import { idParam } from "../plugins/route-params";
import { staffAction } from "../plugins/session";
import { auditedChange } from "../staff/audit";
import { pgCode } from "./changes";

const CATEGORY_NOT_FOUND = "That category does not exist.";

/** Every category in staff's order, with how many documents (of any state) it holds. */
export async function listCategories(db: Pick<Db, "select">) {
  const used = db
    .select({ categoryId: documents.categoryId, n: count().as("n") })
    .from(documents)
    .groupBy(documents.categoryId)
    .as("used");
  const rows = await db
    .select({
      id: documentCategories.id,
      name: documentCategories.name,
      position: documentCategories.position,
      documentCount: sql<number>`coalesce(${used.n}, 0)::int`,
    })
    .from(documentCategories)
    .leftJoin(used, eq(used.categoryId, documentCategories.id))
    .orderBy(asc(documentCategories.position), asc(documentCategories.name));
  return rows.map((row) => ({ ...row, documentCount: Number(row.documentCount) }));
}

/** Names are compared without regard to case or surrounding spaces: "Operations" and "operations " are one. */
async function nameTaken(db: Pick<Db, "select">, name: string, except?: number) {
  const rows = await db
    .select({ id: documentCategories.id })
    .from(documentCategories)
    .where(sql`lower(${documentCategories.name}) = ${name.toLowerCase()}`);
  return rows.some((row) => row.id !== except);
}

export const libraryCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const single = async (id: number) => {
    const found = (await listCategories(app.db)).find((row) => row.id === id);
    if (!found) throw httpError(404, CATEGORY_NOT_FOUND);
    return found;
  };
  const taken = (error: unknown) => {
    if (pgCode(error) === "23505") throw httpError(409, CATEGORY_NAME_TAKEN_MESSAGE);
    throw error;
  };

  app.get("/api/admin/library/categories", { schema: { response: { 200: CategoryListSchema } } }, () =>
    listCategories(app.db),
  );

  app.post(
    "/api/admin/library/categories",
    { schema: { body: CategoryNameSchema, response: { 201: CategorySchema } } },
    async (request, reply) => {
      const { name } = request.body;
      if (await nameTaken(app.db, name)) throw httpError(409, CATEGORY_NAME_TAKEN_MESSAGE);
      const id = await auditedChange(
        app.db,
        { ...staffAction(request), action: "library.category.added", subject: name },
        async (tx) => {
          const [row] = await tx
            .insert(documentCategories)
            .values({
              name,
              position: sql`(select coalesce(max(${documentCategories.position}), 0) + 1 from ${documentCategories})`,
            })
            .returning({ id: documentCategories.id });
          return row?.id;
        },
      ).catch(taken);
      return reply.status(201).send(await single(id as number));
    },
  );

  app.patch(
    "/api/admin/library/categories/:id",
    { schema: { params: idParam, body: CategoryNameSchema, response: { 200: CategorySchema } } },
    async (request) => {
      const { id } = request.params;
      const { name } = request.body;
      const before = await single(id);
      if (await nameTaken(app.db, name, id)) throw httpError(409, CATEGORY_NAME_TAKEN_MESSAGE);
      await auditedChange(
        app.db,
        {
          ...staffAction(request),
          action: "library.category.renamed",
          subject: String(id),
          details: { from: before.name, to: name },
        },
        async (tx) => {
          await tx.update(documentCategories).set({ name }).where(eq(documentCategories.id, id));
          // The documents' own copy of the name (kept from before categories had a table) follows.
          await tx.update(documents).set({ category: name }).where(eq(documents.categoryId, id));
          return true;
        },
      ).catch(taken);
      return single(id);
    },
  );

  app.put(
    "/api/admin/library/categories/order",
    { schema: { body: CategoryOrderSchema, response: { 200: CategoryListSchema } } },
    async (request) => {
      const { ids } = request.body;
      await auditedChange(
        app.db,
        { ...staffAction(request), action: "library.category.reordered", details: { ids } },
        async (tx) => {
          const all = await tx.select({ id: documentCategories.id }).from(documentCategories);
          const known = new Set(all.map((row) => row.id));
          if (
            new Set(ids).size !== ids.length ||
            ids.length !== known.size ||
            !ids.every((id) => known.has(id))
          ) {
            throw httpError(400, CATEGORY_ORDER_MESSAGE);
          }
          for (const [index, id] of ids.entries()) {
            await tx
              .update(documentCategories)
              .set({ position: index + 1 })
              .where(eq(documentCategories.id, id));
          }
          return true;
        },
      );
      return listCategories(app.db);
    },
  );

  app.delete(
    "/api/admin/library/categories/:id",
    { schema: { params: idParam, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      const category = await single(id);
      if (category.documentCount > 0) throw httpError(409, CATEGORY_IN_USE_MESSAGE);
      await auditedChange(
        app.db,
        {
          ...staffAction(request),
          action: "library.category.deleted",
          subject: String(id),
          details: { name: category.name },
        },
        async (tx) =>
          (await tx.delete(documentCategories).where(eq(documentCategories.id, id)).returning()).length > 0,
      ).catch((error: unknown) => {
        // A document moved into it a moment ago: the foreign key refuses, and so do we.
        if (pgCode(error) === "23503") throw httpError(409, CATEGORY_IN_USE_MESSAGE);
        throw error;
      });
      return { ok: true as const };
    },
  );
};
