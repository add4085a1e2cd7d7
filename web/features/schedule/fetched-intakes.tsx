// A slot's intakes on a page reached by in-app navigation (no served list): fetched from GET /api/intakes through
// the query cache, so one request serves every slot, and rendered with the components the server uses.
import type { PublicIntake } from "@shared/training";
import { useQuery } from "@tanstack/react-query";
import { SlotContent } from "./intake-list";
import { intakesFor, type LiveSlot } from "./live-slots";

export function FetchedIntakes({ slot }: { slot: LiveSlot }) {
  const schedule = useQuery<PublicIntake[]>({ queryKey: ["/api/intakes"] });
  if (schedule.isPending) return <p className="text-sm text-slate-600">Loading dates…</p>;
  // On an error the list says new dates are coming, with the contact link: better than an empty box.
  return <SlotContent slot={slot} intakes={intakesFor(slot, schedule.data ?? [])} />;
}
