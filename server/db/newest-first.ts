// Every staff list (messages, reviews, audit log, outbox, subscribers, wallet payments) is a page of rows, newest
// first, with the total count of the same filter so the screen can say "page 2 of 7".
import { count, desc, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

export interface NewestFirst<Q extends PgSelect> {
  /** The select with its columns and joins, made dynamic (`db.select(…).from(table).$dynamic()`). */
  rows: Q;
  /** The table counted for the total; joins must not add or drop rows of it. */
  table: PgTable;
  where?: SQL;
  /** Newest first by this column, then by id so rows of the same instant keep a stable order across pages. */
  newest: PgColumn;
  id: PgColumn;
}

export async function newestFirstPage<Q extends PgSelect>(
  db: Pick<Db, "select">,
  list: NewestFirst<Q>,
  page: { limit: number; offset: number },
): Promise<{ items: Awaited<Q>; total: number }> {
  const rows = list.rows
    .where(list.where)
    .orderBy(desc(list.newest), desc(list.id))
    .limit(page.limit)
    .offset(page.offset);
  const [items, [total]] = await Promise.all([
    rows,
    db.select({ n: count() }).from(list.table).where(list.where),
  ]);
  return { items: items as Awaited<Q>, total: total?.n ?? 0 };
}
