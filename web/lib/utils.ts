// Class names: cn() lives in class-names.ts (ADR 033); re-exported here, where every component imports it from.
export { cn } from "./class-names";

/** The keys of `T` whose values are of type `V`, e.g. the text fields of a form's values. */
export type KeysWithValue<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];
