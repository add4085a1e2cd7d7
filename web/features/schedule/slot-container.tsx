import type { LiveSlot } from "./live-slots";
import { slotHtml } from "./slot-marker";

/** The id of a slot's container, unique in a page. */
export const containerId = (slot: LiveSlot) => `live-${slot}`;

/** A slot's container and nothing else (the enrollment, service and schedule pages wrap it in LiveIntakes). */
export function SlotContainer({ slot, className }: { slot: LiveSlot; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed HTML comment, no visitor's text.
  return <div id={containerId(slot)} className={className} dangerouslySetInnerHTML={slotHtml(slot)} />;
}
