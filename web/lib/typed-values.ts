// What was typed before a form's script ran is kept (docs/product.md, Controls alive from the first paint). React
// hydrates a field as it finds it, typed text included, but hears no change for it: the form's state would still say
// empty, the next render of a controlled field would put the empty value back, and react-hook-form writes its default
// values into the fields as they register. So a form starts its state from its fields, read in its first render,
// before any of that happens; the focus and the caret stay where they are, since nothing is written.
import { useState } from "react";
import { type Control, changedByHand, HYDRATED_ATTRIBUTE } from "./early-input";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isControl(element: unknown): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/** The typed value of the field named `name`, or undefined when nobody changed it. */
function typedValue(form: HTMLFormElement, name: string, expected: unknown): string | boolean | undefined {
  const found = form.elements.namedItem(name);
  if (found instanceof RadioNodeList) {
    // A group of radio buttons: the one picked by hand.
    const radios = [...found].filter((node): node is HTMLInputElement => node instanceof HTMLInputElement);
    return radios.some(changedByHand) ? found.value : undefined;
  }
  if (!isControl(found) || !changedByHand(found)) return undefined;
  if (typeof expected === "boolean") return found instanceof HTMLInputElement ? found.checked : undefined;
  return typeof expected === "string" ? found.value : undefined;
}

function laidOver<T extends object>(form: HTMLFormElement, values: T, prefix: string): T {
  const result = { ...values } as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (isRecord(value)) {
      result[key] = laidOver(form, value, `${prefix}${key}.`);
      continue;
    }
    const typed = typedValue(form, `${prefix}${key}`, value);
    if (typed !== undefined) result[key] = typed;
  }
  return result as T;
}

/**
 * `empty` with what a person typed into the server HTML of the form whose id is `formId` before its script ran (by
 * field name, dotted for nested values); `empty` itself once the form is hydrated, in the build-time renderer, and in
 * any render that is not the form's first hydration.
 */
export function typedValues<T extends object>(formId: string, empty: T): T {
  if (import.meta.env.SSR) return empty;
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement) || form.hasAttribute(HYDRATED_ATTRIBUTE)) return empty;
  return laidOver(form, empty, "");
}

/** `typedValues`, read once: a form's first render. */
export function useTypedValues<T extends object>(formId: string, empty: T): T {
  return useState(() => typedValues(formId, empty))[0];
}
