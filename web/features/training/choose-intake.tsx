// Staff give an application without a live place its intake: one that chose "Any upcoming date", or whose hold
// lapsed or offer was declined. It takes a place as a new application would (a hold, or the waitlist when full),
// and the applicant is e-mailed the dates.
import type { AdminEnrollment } from "@shared/admin";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { courseTitle, fullName } from "@/features/staff/format";
import { toast } from "@/lib/use-toast";
import { IntakeSelect } from "./intake-select";
import { invalidateTraining, trainingApi } from "./staff-api";

export function ChooseIntake({ enrollment }: { enrollment: AdminEnrollment }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState("");
  const name = fullName(enrollment);
  const choose = useConfirmAction({
    mutationFn: () => trainingApi.placeInIntake(enrollment.id, Number(target)),
    onSuccess: async (place) => {
      const standing = place.state === "waitlisted" ? "is on its waitlist" : "holds a seat";
      toast({ title: "Intake chosen", description: `${name} ${standing} and is e-mailed the dates.` });
      setTarget("");
      await invalidateTraining.intakes(queryClient);
    },
    onError: (error) => toastFailure("Could not choose the intake", error),
  });
  return (
    <ConfirmDialog
      {...choose.confirm}
      trigger={
        <>
          <CalendarPlus aria-hidden="true" />
          Choose intake
          <span className="sr-only"> for {name}</span>
        </>
      }
      title={`Choose an intake for ${name}`}
      description={`${name} applied for ${courseTitle(enrollment.courseType)} without a place in an intake. They take a seat as a new application would (the waitlist when the intake is full) and are e-mailed the dates.`}
      confirmLabel="Choose intake"
      pendingLabel="Saving..."
      onConfirm={() => {
        if (target) choose.mutate();
        else toast({ title: "Choose the intake", variant: "destructive" });
      }}
    >
      <IntakeSelect
        id={`intake-for-${enrollment.id}`}
        label="Intake"
        course={enrollment.courseType}
        value={target}
        onChange={setTarget}
      />
    </ConfirmDialog>
  );
}
