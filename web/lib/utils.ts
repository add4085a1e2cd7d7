import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * 1500 -> "1,500", as `toLocaleString("en-US")` writes a whole number, but without Intl: its first use costs ~20 ms
 * of ICU start-up (~80 ms on a throttled phone) in the middle of the landing page's hydration (ADR 011).
 */
export function groupThousands(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The keys of `T` whose values are of type `V`, e.g. the text fields of a form's values. */
export type KeysWithValue<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];
