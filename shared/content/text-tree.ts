// The owner's words as data (ADR 058). A content section is a live object of the site (a service page's copy, the
// headline figures, the policy notes) whose text the owner may change: `textOf` reads the editable part (strings, and
// the lists and groups that hold them), `applyText` writes an edited value back into the object in place, and
// `textProblems` checks an edit has the seeded shape. Icons, slugs, links and flags stay in code: they are not words.
// Imports nothing: every page's modules use it as they load.

export type TextValue = string | TextValue[] | { [key: string]: TextValue };

/** Keys that name code, not words: never shown to the owner, never overwritten. */
const CODE_KEYS = new Set([
  "icon",
  "slug",
  "accent",
  "key",
  "type",
  "id",
  "href",
  "enrollLink",
  "avatar",
  "colour",
  "isPopular",
  "prominent",
  "step",
  "rating",
  "isNew",
  "verifiedCourse",
  "level",
]);

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype &&
  !("$$typeof" in value);

/** The editable text of `target` (a copy), or undefined when it holds none. `omit` skips dotted paths ("details.items"). */
export function textOf(target: unknown, omit: readonly string[] = [], at = ""): TextValue | undefined {
  if (typeof target === "string") return target;
  if (Array.isArray(target)) {
    const items = target.map((item) => textOf(item, omit, at));
    return items.every((item) => item !== undefined) ? (items as TextValue[]) : undefined;
  }
  if (!isPlain(target)) return undefined;
  const out: Record<string, TextValue> = {};
  for (const [key, value] of Object.entries(target)) {
    const path = at ? `${at}.${key}` : key;
    if (CODE_KEYS.has(key) || omit.includes(path)) continue;
    const text = textOf(value, omit, path);
    if (text !== undefined) out[key] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const isAccessor = (target: object, key: string) => {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  return descriptor !== undefined && !("value" in descriptor);
};

/** A copy that keeps code values (icons, components) by reference and skips getters: what `restore` puts back. */
export function snapshot<T>(target: T): T {
  if (Array.isArray(target)) return target.map((item) => snapshot(item)) as T;
  if (!isPlain(target)) return target;
  return Object.fromEntries(
    Object.keys(target)
      .filter((key) => !isAccessor(target, key))
      .map((key) => [key, snapshot(target[key])]),
  ) as T;
}

/** Puts a snapshot's values back into `target` in place (objects and arrays keep their identity: readers hold them). */
export function restore(target: object, from: object): void {
  if (Array.isArray(target) && Array.isArray(from)) {
    from.forEach((item, index) => {
      const current = target[index];
      if (
        index < target.length &&
        typeof current === "object" &&
        current !== null &&
        typeof item === "object"
      )
        restore(current, item);
      else target[index] = snapshot(item);
    });
    target.length = from.length;
    return;
  }
  const record = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(from)) {
    if (isAccessor(record, key)) continue;
    const current = record[key];
    if (typeof current === "object" && current !== null && typeof value === "object" && value !== null)
      restore(current, value);
    else record[key] = snapshot(value);
  }
}

/**
 * Writes `value` into `target` in place. A list takes the value's length: a new item starts as a copy of the last
 * existing one (its icon and code values) before its text is written; a numeric `step` follows the item's place.
 */
export function applyText(target: unknown, value: TextValue): void {
  if (Array.isArray(target) && Array.isArray(value)) {
    const template = target[target.length - 1];
    target.length = Math.min(target.length, value.length);
    value.forEach((item, index) => {
      if (typeof item === "string") {
        target[index] = item;
        return;
      }
      if (index >= target.length) target[index] = snapshot(template);
      const current = target[index];
      if (typeof current === "object" && current !== null) {
        applyText(current, item);
        if (typeof (current as { step?: unknown }).step === "number")
          (current as { step: number }).step = index + 1;
      }
    });
    return;
  }
  if (!isPlain(target) || typeof value !== "object" || Array.isArray(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (CODE_KEYS.has(key) || !(key in target) || isAccessor(target, key)) continue;
    if (typeof item === "string") target[key] = item;
    else applyText(target[key], item);
  }
}

/** The longest text a field takes: policy notes and page introductions are long, labels short. */
export const MAX_TEXT_LENGTH = 6000;
/** How many items a list may grow to beyond its seeded length. */
export const EXTRA_ITEMS = 12;

const plainName = (path: string) => path.replace(/\.(\d+)/g, (_m, n: string) => ` item ${Number(n) + 1}`);

/** What is wrong with `value` as an edit of a section seeded as `seeded` (empty when nothing is). */
export function textProblems(seeded: TextValue, value: unknown, at = ""): string[] {
  const where = at ? plainName(at) : "The text";
  if (typeof seeded === "string") {
    if (typeof value !== "string") return [`${where} must be text`];
    if (value.trim() === "") return [`${where} cannot be empty: remove the item instead`];
    if (value.length > MAX_TEXT_LENGTH) return [`${where} must be at most ${MAX_TEXT_LENGTH} characters`];
    return [];
  }
  if (Array.isArray(seeded)) {
    if (!Array.isArray(value)) return [`${where} must be a list`];
    if (value.length > seeded.length + EXTRA_ITEMS)
      return [`${where} can have at most ${seeded.length + EXTRA_ITEMS} items`];
    const shape = seeded[0];
    if (shape === undefined) return value.length ? [`${where} must stay empty`] : [];
    return value.flatMap((item, index) => textProblems(shape, item, at ? `${at}.${index}` : `${index}`));
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return [`${where} must be a group of texts`];
  const record = value as Record<string, unknown>;
  const problems = Object.keys(record)
    .filter((key) => !(key in seeded))
    .map((key) => `${where} has no field "${key}"`);
  for (const [key, shape] of Object.entries(seeded)) {
    const path = at ? `${at}.${key}` : key;
    if (!(key in record)) problems.push(`${plainName(path)} is missing`);
    else problems.push(...textProblems(shape, record[key], path));
  }
  return problems;
}

/** Whether two values are the same text. */
export const sameText = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
