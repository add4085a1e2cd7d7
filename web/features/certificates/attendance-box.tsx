// One day of one trainee on the class sheet: a checkbox, ticked when present. Unticking marks the day absent (said
// beside the box, so an absence reads apart from a day not marked yet). Days still ahead cannot be marked.
import { formatCalendarDate } from "@shared/calendar-dates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toastFailure } from "@/features/staff/failure-toast";
import { type ClassSheet, certificateApi, certificateQueries, type Trainee } from "./api";
import { traineeName } from "./result-dialog";

interface AttendanceBoxProps {
  intakeId: number;
  trainee: Trainee;
  day: string;
  /** Fiji today: later days are not marked yet. */
  today: string;
}

export function AttendanceBox({ intakeId, trainee, day, today }: AttendanceBoxProps) {
  const queryClient = useQueryClient();
  const name = traineeName(trainee);
  const mark = useMutation({
    mutationFn: (present: boolean) => certificateApi.markAttendance(trainee.seatId, day, present),
    // The answer is the trainee as saved: only their row changes, so the sheet is patched rather than reloaded.
    onSuccess: (saved) =>
      queryClient.setQueryData<ClassSheet>(
        certificateQueries.classSheet(intakeId).queryKey,
        (sheet) =>
          sheet && {
            ...sheet,
            trainees: sheet.trainees.map((row) => (row.seatId === saved.seatId ? saved : row)),
          },
      ),
    onError: (error) => toastFailure(`Could not mark ${name}'s attendance`, error),
  });
  // The box shows the click at once: held in state set during the change event itself, since React puts a controlled
  // box back right after the event and the mutation's pending state only arrives a tick later.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const saved = trainee.attendance.find((entry) => entry.day === day)?.present;
  const present = clicked ?? saved;
  const id = `attendance-${trainee.seatId}-${day}`;
  return (
    <span className="flex items-center gap-1.5">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={present === true}
        disabled={day > today}
        aria-busy={mark.isPending}
        onChange={(event) => {
          if (mark.isPending) return;
          setClicked(event.target.checked);
          mark.mutate(event.target.checked, { onSettled: () => setClicked(null) });
        }}
      />
      <label htmlFor={id} className="text-xs text-slate-600">
        <span className="sr-only">
          {name} present on {formatCalendarDate(day)}
        </span>
        {present === false && <span aria-hidden="true">Absent</span>}
      </label>
    </span>
  );
}
