// The portal's published documents as /portal shows them when it is served (ADR 029, the "documents" slot): what
// GET /api/documents answers, read at most every few seconds, and at once after a write on this instance (a
// document added, changed or deleted, a download counted). A scheduled document appears within those seconds of its
// time with no write at all: its publish time passing changes the answer, and so the version.
import type { Db } from "../db/client";
import type { LiveSource } from "../platform/live-pages";
import { cachedLiveSource } from "../platform/live-sources";
import { listPublished } from "./queries";

/** How long a read of the published documents is reused. */
export const LIVE_DOCUMENTS_TTL_MS = 5_000;

export function liveDocuments(db: Pick<Db, "select">, ttlMs = LIVE_DOCUMENTS_TTL_MS): LiveSource {
  return cachedLiveSource(() => listPublished(db, {}), ttlMs);
}
