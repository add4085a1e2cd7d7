// The public schedule as the pages show it when they are served (ADR 029): read from the database at most every few
// seconds, and at once after anything on this instance may have changed it. Another instance's change (or the
// background task that lapses holds) shows within those seconds.
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import type { LiveData, LiveSource } from "../platform/live-pages";
import { publicSchedule } from "./schedule";

/** How long a read of the schedule is reused. */
export const LIVE_SCHEDULE_TTL_MS = 5_000;

export function liveSchedule(db: Pick<Db, "select">, ttlMs = LIVE_SCHEDULE_TTL_MS): LiveSource {
  let cached: { at: number; data: Promise<LiveData> } | undefined;
  return {
    current() {
      const now = Date.now();
      if (!cached || now - cached.at >= ttlMs) {
        const data = publicSchedule(db).then((schedule) => ({
          version: createHash("sha256").update(JSON.stringify(schedule)).digest("base64url"),
          data: schedule,
        }));
        const entry = { at: now, data };
        cached = entry;
        // A failed read is not kept: the next request tries again.
        data.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.data;
    },
    changed() {
      cached = undefined;
    },
  };
}
