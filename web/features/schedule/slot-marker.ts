// What a slot's container holds before the browser takes over (ADR 029). The landing page imports only this module.
import type { LiveSlot } from "./live-slots";

/** The marker of a slot, which the server keeps in front of the list it puts in. */
export const slotMarker = (slot: LiveSlot) => `<!--live:${slot}-->`;

/**
 * A slot container's inner HTML. At build time it is the marker the server fills in per request
 * (server/platform/live-pages.ts); in the browser it is "", which React neither compares with the server's HTML when
 * it hydrates nor writes while it stays "", so the served list stays as it is. After an in-app navigation the
 * container is empty: the landing page then shows a link beside it by CSS (`peer-empty:`), with no script.
 */
export const slotHtml = (slot: LiveSlot) => ({ __html: import.meta.env.SSR ? slotMarker(slot) : "" });
