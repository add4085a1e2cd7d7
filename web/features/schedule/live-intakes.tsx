// A list of intakes that is current whenever the page is served (ADR 029). The prerendered page holds only a marker
// in the slot's container; the server renders the slot's intakes into it per request. The browser adopts that HTML
// as it is: no list code or data is needed to hydrate it, which keeps the landing page's script budget. A page
// reached by in-app navigation has no served list and shows `fallback` instead.
import { type ReactNode, useState } from "react";
import type { LiveSlot } from "./live-slots";
import { containerId, SlotContainer } from "./slot-container";
import { slotMarker } from "./slot-marker";

interface LiveIntakesProps {
  slot: LiveSlot;
  /** What shows when the page was not served with this slot filled (after an in-app navigation). */
  fallback: ReactNode;
  className?: string;
}

function ServedIntakes({ slot, fallback, className }: LiveIntakesProps) {
  const id = containerId(slot);
  // While hydrating, the server's HTML is in the container: React keeps it and never diffs it. It starts with the
  // slot's marker; a container that holds anything else (a list still loading in the page being left) is not used.
  const [served] = useState(() => {
    const html = document.getElementById(id)?.innerHTML;
    return html?.startsWith(slotMarker(slot)) ? html : undefined;
  });
  return served === undefined ? (
    <div id={id} className={className}>
      {fallback}
    </div>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of this very container.
    <div id={id} className={className} dangerouslySetInnerHTML={{ __html: served }} />
  );
}

export const LiveIntakes: (props: LiveIntakesProps) => ReactNode = import.meta.env.SSR
  ? SlotContainer
  : ServedIntakes;
