// The Content view's generic editor works on plain values (shared/content/api.ts, ContentValue): these helpers read
// a section's seeded shape, name its controls and change a value at a path without touching the rest. Every change
// returns a new value, so React sees it and nothing typed elsewhere in the form is lost.
import type { ContentValue } from "@shared/content/api";

export type ContentObject = { [key: string]: ContentValue };
/** Where a control's value sits inside a section's value: object keys and array indexes. */
export type ValuePath = readonly (string | number)[];

/** What control a value gets, read from its seeded shape. */
export type ValueKind = "text" | "number" | "boolean" | "list" | "group";

export function isObject(value: ContentValue | undefined): value is ContentObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function kindOf(value: ContentValue | undefined): ValueKind {
  if (Array.isArray(value)) return "list";
  if (isObject(value)) return "group";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return "number";
  return "text";
}

/** A text gets a multi-line box when it is long (over 80 characters) or already has line breaks. */
export function isLongText(value: string): boolean {
  return value.length > 80 || value.includes("\n");
}

/** "responseTime" -> "Response time", "cta_label" -> "Cta label", "stat-2" -> "Stat 2". */
export function labelFromKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/[_\-.\s]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** Array items are named by their place, counted from 1. */
export function itemLabel(index: number): string {
  return `Item ${index + 1}`;
}

/** An empty value of the same shape: texts empty, boxes unticked, numbers 0, lists empty, groups kept. */
export function blankLike(value: ContentValue): ContentValue {
  if (Array.isArray(value)) return [];
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blankLike(v)]));
  if (typeof value === "boolean") return false;
  if (typeof value === "number") return 0;
  return "";
}

/**
 * The shape a list's new item copies: the first seeded item, else the list's own first item; a list that never had
 * an item holds texts.
 */
export function itemShape(seeded: ContentValue | undefined, current: ContentValue | undefined): ContentValue {
  const first =
    (Array.isArray(seeded) ? seeded[0] : undefined) ?? (Array.isArray(current) ? current[0] : undefined);
  return first ?? "";
}

export function getAt(value: ContentValue | undefined, path: ValuePath): ContentValue | undefined {
  let here: ContentValue | undefined = value;
  for (const step of path) {
    if (typeof step === "number") here = Array.isArray(here) ? here[step] : undefined;
    else here = isObject(here) ? here[step] : undefined;
    if (here === undefined) return undefined;
  }
  return here;
}

/** The value with `next` at `path`; missing groups and lists on the way are made. */
export function setAt(value: ContentValue | undefined, path: ValuePath, next: ContentValue): ContentValue {
  if (path.length === 0) return next;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof step === "number") {
    const list = Array.isArray(value) ? [...value] : [];
    list[step] = setAt(list[step], rest, next);
    return list;
  }
  const group = isObject(value) ? { ...value } : {};
  group[step] = setAt(group[step], rest, next);
  return group;
}

function listAt(value: ContentValue | undefined, path: ValuePath): ContentValue[] {
  const list = getAt(value, path);
  return Array.isArray(list) ? list : [];
}

/** The list at `path` with `item` added at its end. */
export function addItem(value: ContentValue, path: ValuePath, item: ContentValue): ContentValue {
  return setAt(value, path, [...listAt(value, path), item]);
}

export function removeItem(value: ContentValue, path: ValuePath, index: number): ContentValue {
  return setAt(
    value,
    path,
    listAt(value, path).filter((_, i) => i !== index),
  );
}

/** The list at `path` with item `from` moved to `to`; out of range, the value unchanged. */
export function moveItem(value: ContentValue, path: ValuePath, from: number, to: number): ContentValue {
  const list = [...listAt(value, path)];
  if (from < 0 || to < 0 || from >= list.length || to >= list.length || from === to) return value;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved as ContentValue);
  return setAt(value, path, list);
}

/** Same content, whatever the order of an object's keys. */
export function sameValue(a: ContentValue | undefined, b: ContentValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => key in b && sameValue(a[key], b[key]));
  }
  return false;
}

/** Every text in a value, in order ("100+", "Pilots Trained"). */
export function textsOf(value: ContentValue | undefined): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (isObject(value)) return Object.values(value).flatMap(textsOf);
  return [];
}

/** A control id from a section id and a path: only letters, digits and dashes. */
export function controlId(sectionId: string, path: ValuePath): string {
  return ["content", sectionId, ...path.map(String)].join("-").replace(/[^A-Za-z0-9-]+/g, "-");
}
