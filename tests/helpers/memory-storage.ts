// localStorage for unit tests in Node (which has none): a Map behind the Storage interface, installed on
// globalThis by vi.stubGlobal so web/lib's draft and queue code read and write it as in a browser.
import { vi } from "vitest";

export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  /** Everything stored, as one string: for "this never reached storage" checks. */
  dump(): string {
    return JSON.stringify([...this.items]);
  }
}

/** A fresh, empty localStorage for the current test (undone by vi.unstubAllGlobals). */
export function useMemoryStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  vi.stubGlobal("localStorage", storage);
  return storage;
}
