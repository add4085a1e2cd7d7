// The phases of a server start, for the one log line that says where the start went (ADR 039): each phase's length in
// seconds, counted from the start of the process (Node's performance clock begins there).
import { performance } from "node:perf_hooks";

export interface StartPhases {
  /** Ends the phase called `name` now. */
  mark(name: string): void;
  /** Each phase's length in seconds, in order, and the total as "total". */
  seconds(): Record<string, number>;
  /** "started in 1.4 s (load 0.3 s, database 0.6 s, ...)". */
  summary(): string;
}

const rounded = (ms: number) => Math.round(ms) / 1000;

/** The performance mark scripts/start.mjs sets when it had to build first: the end of a "build" phase. */
export const BUILD_MARK = "build";

/** When the build that this start ran ended (ms since the process started), or undefined when none ran. */
export const builtAt = (): number | undefined =>
  performance.getEntriesByName(BUILD_MARK, "mark")[0]?.startTime;

/**
 * `loadedAt` is when every module had been loaded (ms since the process started): the end of the "load" phase. A
 * start that built first (`built`, its end) reports the build as a phase of its own before the load.
 */
export function startPhases(
  loadedAt: number,
  now: () => number = () => performance.now(),
  built?: number,
): StartPhases {
  const ends: [string, number][] = built === undefined ? [] : [["build", built]];
  ends.push(["load", loadedAt]);
  const lengths = () => ends.map(([name, end], i): [string, number] => [name, end - (ends[i - 1]?.[1] ?? 0)]);
  return {
    mark: (name) => void ends.push([name, now()]),
    seconds: () => ({
      ...Object.fromEntries(lengths().map(([name, ms]) => [name, rounded(ms)])),
      total: rounded(ends.at(-1)?.[1] ?? 0),
    }),
    summary: () => {
      const parts = lengths().map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`);
      return `started in ${((ends.at(-1)?.[1] ?? 0) / 1000).toFixed(2)} s (${parts.join(", ")})`;
    },
  };
}
