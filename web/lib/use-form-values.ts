import { type ChangeEvent, useState } from "react";
import { typedValues } from "./typed-values";
import type { KeysWithValue } from "./utils";

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The state of a small controlled form: its values (at first, what was typed into form `formId` before its script
 * ran), a setter per field, props that bind a control, a reset, and `restore` for a draft's values (laid over the
 * current ones).
 */
export function useFormValues<T extends object>(empty: T, formId: string) {
  const [values, setValues] = useState<T>(() => typedValues(formId, empty));

  function set<K extends keyof T>(key: K, value: T[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  /** `name`, `value` and `onChange` for the input, textarea or select that edits `values[key]`. */
  function bind<K extends KeysWithValue<T, string>>(key: K) {
    return {
      name: String(key),
      value: values[key] as string,
      // A select only offers its options' values, so a narrower string type (e.g. a union) still holds.
      onChange: (event: ChangeEvent<TextControl>) => set(key, event.target.value as T[K]),
    };
  }

  return {
    values,
    set,
    bind,
    reset: () => setValues(empty),
    restore: (saved: Partial<T>) => setValues((current) => ({ ...current, ...saved })),
  };
}

/** A copy of the values with every string trimmed, as a form validates and sends them. */
export function trimStrings<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  ) as T;
}
