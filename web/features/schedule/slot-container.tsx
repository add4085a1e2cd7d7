import type { LiveSlot } from "./live-slots";

/** The id of a slot's container, unique in a page. */
export const containerId = (slot: LiveSlot) => `live-${slot}`;

/** The marker of a slot, which the server keeps in front of the list it puts in. */
export const slotMarker = (slot: LiveSlot) => `<!--live:${slot}-->`;

/**
 * A slot container's inner HTML. At build time it is the marker the server fills in per request
 * (server/platform/live-pages.ts); in the browser it is "", which React neither compares with the server's HTML when
 * it hydrates nor writes while it stays "", so the served list stays as it is. After an in-app navigation the
 * container is empty: the landing page then shows a link beside it by CSS (`peer-empty:`), with no script.
 */
export const slotHtml = (slot: LiveSlot) => ({ __html: import.meta.env.SSR ? slotMarker(slot) : "" });

/** A slot's container and nothing else (the enrollment, service and schedule pages wrap it in LiveIntakes). */
export function SlotContainer({ slot, className }: { slot: LiveSlot; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed HTML comment, no visitor's text.
  return <div id={containerId(slot)} className={className} dangerouslySetInnerHTML={slotHtml(slot)} />;
}
