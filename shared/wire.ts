// Building blocks of the response contracts. A route may hand a timestamp over as a Date (straight from the
// database) or as an ISO string; on the wire it is always the ISO string, which is what the browser's types say.
import * as z from "zod/mini";

const dateToIso = z.codec(z.string(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** An ISO 8601 timestamp on the wire. */
export const timestamp = z.union([z.string(), dateToIso]);

/** A page of a staff list: the rows asked for and how many there are in all. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), total: z.number() });
}

/** The answer of a route that only confirms it did what was asked. */
export const OkSchema = z.object({ ok: z.literal(true) });

/** A contract's JSON as the browser receives it (timestamps as ISO strings). */
export type Wire<T extends z.ZodMiniType> = z.input<T>;
