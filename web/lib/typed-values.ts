// What was typed before a form's script ran is kept (docs/product.md, Controls alive from the first paint). React
// hydrates a field as it finds it, typed text included, but hears no change for it: the form's state would still say
// empty, the next render of a controlled field would put the empty value back, and react-hook-form writes its default
// values into the fields as they register. So a form reads its fields in its first render, before React or the form
// library touches them, and takes what a person changed into its state in a layout effect of that same commit (after
// the fields registered, before the browser paints). The first render itself stays the server's, so nothing derived
// from the values (a rating's words, an amount's note) differs from the HTML being hydrated. The focused field gets
// its caret back where it was.
import { useLayoutEffect, useState } from "react";
import { type Control, changedByHand, HYDRATED_ATTRIBUTE } from "./early-input";

/** Typed values by field name (dotted for nested values), with the types of the form's empty values. */
export type TypedValues = Record<string, string | number | boolean>;

interface Typed {
  values: TypedValues;
  /** The focused field and its selection, to put back after the form's library wrote the values. */
  caret: { name: string; start: number | null; end: number | null } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isControl(element: unknown): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/** `text` as the type of the field's empty value, or undefined when it cannot be. */
function asExpected(text: string, expected: unknown): string | number | undefined {
  if (typeof expected === "string") return text;
  if (typeof expected === "number" && text.trim() !== "" && Number.isFinite(Number(text)))
    return Number(text);
  return undefined;
}

/** The typed value of the field named `name`, or undefined when nobody changed it. */
function typedValue(form: HTMLFormElement, name: string, expected: unknown) {
  const found = form.elements.namedItem(name);
  if (found instanceof RadioNodeList) {
    // A group of radio buttons: the one picked by hand.
    const radios = [...found].filter((node): node is HTMLInputElement => node instanceof HTMLInputElement);
    return radios.some(changedByHand) ? asExpected(found.value, expected) : undefined;
  }
  if (!isControl(found) || !changedByHand(found)) return undefined;
  if (typeof expected === "boolean") return found instanceof HTMLInputElement ? found.checked : undefined;
  return asExpected(found.value, expected);
}

function collect(form: HTMLFormElement, values: object, prefix: string, into: TypedValues): void {
  for (const [key, value] of Object.entries(values)) {
    if (isRecord(value)) {
      collect(form, value, `${prefix}${key}.`, into);
      continue;
    }
    const typed = typedValue(form, `${prefix}${key}`, value);
    if (typed !== undefined) into[`${prefix}${key}`] = typed;
  }
}

/** What a person typed into the server HTML of form `formId` before its script ran; null when nothing. */
function readTyped(formId: string, empty: object): Typed | null {
  if (import.meta.env.SSR || !formId) return null;
  const form = document.getElementById(formId);
  // A hydrated form's fields are the form's own already (a remount, an in-app navigation).
  if (!(form instanceof HTMLFormElement) || form.hasAttribute(HYDRATED_ATTRIBUTE)) return null;
  const values: TypedValues = {};
  collect(form, empty, "", values);
  if (Object.keys(values).length === 0) return null;
  const focused = document.activeElement;
  const caret =
    (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) &&
    form.contains(focused) &&
    focused.name
      ? { name: focused.name, start: selectionOf(focused, "start"), end: selectionOf(focused, "end") }
      : null;
  return { values, caret };
}

/** The selection of a field (null for the input types that have none, such as e-mail). */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement, side: "start" | "end"): number | null {
  try {
    return side === "start" ? field.selectionStart : field.selectionEnd;
  } catch {
    return null;
  }
}

function restoreCaret(formId: string, caret: Typed["caret"]): void {
  const form = document.getElementById(formId);
  if (!caret || !(form instanceof HTMLFormElement)) return;
  const field = form.elements.namedItem(caret.name);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (document.activeElement !== field) field.focus({ preventScroll: true });
  if (caret.start === null || caret.end === null) return;
  try {
    field.setSelectionRange(caret.start, caret.end);
  } catch {}
}

/**
 * Takes what was typed into form `formId` (an element id) before its script ran into the form's state: `adopt`
 * receives the changed fields (by dotted name, typed as in `empty`) once, after the form's first commit.
 */
export function useTypedValues(formId: string, empty: object, adopt: (values: TypedValues) => void): void {
  const [typed] = useState(() => readTyped(formId, empty));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the values read in the first render.
  useLayoutEffect(() => {
    if (!typed) return;
    adopt(typed.values);
    restoreCaret(formId, typed.caret);
  }, []);
}
