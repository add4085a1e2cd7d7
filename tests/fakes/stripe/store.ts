// How the fake's routes keep and find Stripe objects: a new one is stamped and stored by its id, and a path that
// names a missing one gets Stripe's own 404.
import { type Json, missing, now } from "./wire";

/** Stores `object` as Stripe makes a new one (created now, in test mode) and answers it with a 200. */
export function created(store: Map<string, Json>, object: Json): [number, Json] {
  const made: Json = { ...object, created: now(), livemode: false };
  store.set(made.id as string, made);
  return [200, made];
}

/** The object whose id is `value`, else Stripe's "No such `kind`" 404 naming `param`. */
export function found(store: Map<string, Json>, value: string, kind: string, param: string): Json {
  const object = store.get(value);
  if (!object) throw missing(kind, value, param);
  return object;
}
