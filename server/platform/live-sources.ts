// Building blocks of the pages' live data (ADR 029): a source read at most every few seconds (and at once after a
// change on this instance), and several sources as the one the slot renderer reads, handed over by name.
import { createHash } from "node:crypto";
import type { LiveData, LiveSource } from "./live-pages";

/** `read` at most once per `ttlMs` (concurrent requests share the read); its version is a hash of its answer. */
export function cachedLiveSource(read: () => Promise<unknown>, ttlMs: number): LiveSource {
  /** A read begun `at`; `value` once it has answered. */
  type Entry = { at: number; data: Promise<LiveData>; value?: LiveData };
  let cached: Entry | undefined;
  const fresh = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && Date.now() - entry.at < ttlMs;
  return {
    current() {
      if (!fresh(cached)) {
        const data = read().then((answer) => ({
          version: createHash("sha256").update(JSON.stringify(answer)).digest("base64url"),
          data: answer,
        }));
        const entry: Entry = { at: Date.now(), data };
        cached = entry;
        data.then(
          (value) => {
            entry.value = value;
          },
          () => {
            // A failed read is not kept: the next request tries again.
            if (cached === entry) cached = undefined;
          },
        );
      }
      return cached.data;
    },
    peek() {
      return fresh(cached) ? cached.value : undefined;
    },
    changed() {
      cached = undefined;
    },
  };
}

/** The sources as one: `data` holds each one's data under its name; the version changes when any part does. */
export function combinedLiveSource(sources: Record<string, LiveSource>): LiveSource {
  const entries = Object.entries(sources);
  // The last whole answer and its parts: a peek whose parts are the same objects answers it again.
  let last: { parts: LiveData[]; whole: LiveData } | undefined;
  const combined = (parts: LiveData[]): LiveData => {
    if (last?.parts.every((part, index) => part === parts[index])) return last.whole;
    const data: Record<string, unknown> = {};
    for (const [index, [name]] of entries.entries()) data[name] = parts[index]?.data;
    last = { parts, whole: { version: parts.map((part) => part.version).join("."), data } };
    return last.whole;
  };
  return {
    async current() {
      return combined(await Promise.all(entries.map(([, source]) => source.current())));
    },
    peek() {
      const parts: LiveData[] = [];
      for (const [, source] of entries) {
        const part = source.peek();
        if (!part) return undefined;
        parts.push(part);
      }
      return combined(parts);
    },
    changed() {
      for (const [, source] of entries) source.changed();
    },
  };
}
