// The public schedule as the pages show it when they are served (ADR 029): read from the database at most every few
// seconds, and at once after anything on this instance may have changed it. Another instance's change (or the
// background task that lapses holds) shows within those seconds.
import type { Db } from "../db/client";
import type { LiveSource } from "../platform/live-pages";
import { cachedLiveSource } from "../platform/live-sources";
import { publicSchedule } from "./schedule";

/** How long a read of the schedule is reused. */
export const LIVE_SCHEDULE_TTL_MS = 5_000;

export function liveSchedule(db: Pick<Db, "select">, ttlMs = LIVE_SCHEDULE_TTL_MS): LiveSource {
  return cachedLiveSource(() => publicSchedule(db), ttlMs);
}
