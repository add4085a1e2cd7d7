// A list of intakes that is current whenever the page is served (ADR 029). The prerendered page holds only a marker;
// the server renders the slot's intakes into it per request and puts the same intakes in a data block, which the
// browser reads here so that hydration renders exactly what the server sent. After an in-app navigation there is
// no served list for the slot, so it is fetched from GET /api/intakes.
import type { PublicIntake } from "@shared/training";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { SlotContent } from "./intake-list";
import { intakesFor, LIVE_DATA_ID, type LiveSlot } from "./live-slots";

interface LiveIntakesProps {
  slot: LiveSlot;
  className?: string;
}

let served: Partial<Record<LiveSlot, PublicIntake[]>> | undefined;

/** The slot's intakes as the server rendered them into this page, if it did. */
function servedIntakes(slot: LiveSlot): PublicIntake[] | undefined {
  if (!served) {
    try {
      served = JSON.parse(document.getElementById(LIVE_DATA_ID)?.textContent || "{}");
    } catch {
      served = {};
    }
  }
  return served?.[slot];
}

/**
 * fetchQuery rather than useQuery, as the reviews do: the query observer would cost the landing page's JS budget
 * ~2 KB, and these lists need no refetching. One request serves every slot of a page.
 */
function useLiveIntakes(slot: LiveSlot): PublicIntake[] | undefined {
  const queryClient = useQueryClient();
  const [intakes, setIntakes] = useState(() => servedIntakes(slot));
  useEffect(() => {
    if (intakes) return;
    let current = true;
    queryClient.fetchQuery<PublicIntake[]>({ queryKey: ["/api/intakes"] }).then(
      (schedule) => current && setIntakes(intakesFor(slot, schedule)),
      // Shown as "new dates are announced soon", with the contact link: better than an endless wait.
      () => current && setIntakes([]),
    );
    return () => {
      current = false;
    };
  }, [intakes, slot, queryClient]);
  return intakes;
}

function CurrentIntakes({ slot, className }: LiveIntakesProps) {
  const intakes = useLiveIntakes(slot);
  return (
    <div className={className} aria-busy={intakes ? undefined : true}>
      {intakes ? (
        <SlotContent slot={slot} intakes={intakes} />
      ) : (
        <p className="text-sm text-slate-600">Loading dates…</p>
      )}
    </div>
  );
}

/** At build time: the slot's container with the marker the server fills in (server/platform/live-pages.ts). */
function SlotMarker({ slot, className }: LiveIntakesProps) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed HTML comment, no visitor's text.
    <div className={className} dangerouslySetInnerHTML={{ __html: `<!--live:${slot}-->` }} />
  );
}

export const LiveIntakes = import.meta.env.SSR ? SlotMarker : CurrentIntakes;
