// Staff move a place to another intake of the same course (the applicant's dates do not suit, or their intake was
// cancelled). The place keeps its state and anything paid; the seat it leaves goes to this intake's waitlist.
import type { StaffIntake } from "@shared/training";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRightLeft } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { toast } from "@/lib/use-toast";
import { IntakeSelect } from "./intake-select";
import type { PlaceRow } from "./place-state";
import { invalidateTraining, trainingApi } from "./staff-api";

export function MovePlace({ place, from }: { place: PlaceRow; from: StaffIntake }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState("");
  const move = useConfirmAction({
    mutationFn: () => trainingApi.placeInIntake(place.enrollmentId, Number(target)),
    onSuccess: async () => {
      toast({ title: "Place moved", description: `${place.name} is e-mailed the new dates.` });
      setTarget("");
      await invalidateTraining.intakes(queryClient);
    },
    onError: (error) => toastFailure("Could not move the place", error),
  });
  return (
    <ConfirmDialog
      {...move.confirm}
      trigger={
        <>
          <ArrowRightLeft aria-hidden="true" />
          Move
          <span className="sr-only"> {place.name}</span>
        </>
      }
      title={`Move ${place.name} to another intake?`}
      description={`${place.name} keeps their place (${place.stateText.toLowerCase()}) and anything paid, and is e-mailed the new dates. Their seat here goes to the first person on the waitlist.`}
      confirmLabel="Move place"
      pendingLabel="Moving..."
      onConfirm={() => {
        if (target) move.mutate();
        else toast({ title: "Choose the intake to move to", variant: "destructive" });
      }}
    >
      <IntakeSelect
        id={`move-${place.id}`}
        label="Move to"
        course={from.courseType}
        exclude={from.id}
        value={target}
        onChange={setTarget}
      />
    </ConfirmDialog>
  );
}
