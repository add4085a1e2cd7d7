import { type ChangeEvent, useState } from "react";
import { useTypedValues } from "./typed-values";
import type { KeysWithValue } from "./utils";

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The state of a small controlled form: its values (with what was typed into form `formId` before its script ran,
 * web/lib/typed-values.ts), a setter per field, props that bind a control, a reset, and `restore` for a draft's
 * values (into the fields still empty).
 */
export function useFormValues<T extends object>(empty: T, formId: string) {
  const [values, setValues] = useState<T>(empty);
  useTypedValues(formId, empty, (typed) => setValues((current) => ({ ...current, ...typed })));

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
    // A draft goes only into fields still empty: what was typed before the page's script ran is newer.
    restore: (saved: Partial<T>) =>
      setValues((current) => {
        const merged = { ...current };
        for (const key of Object.keys(saved) as (keyof T)[]) {
          if (current[key] === empty[key] && saved[key] !== undefined) merged[key] = saved[key] as T[keyof T];
        }
        return merged;
      }),
  };
}

/** A copy of the values with every string trimmed, as a form validates and sends them. */
export function trimStrings<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  ) as T;
}
