// The intake a staff action puts an application in (Move on an intake's place, Choose intake on an enrollment):
// the course's upcoming intakes that are not cancelled, each with its free seats.
import type { CourseType } from "@shared/constants";
import { fijiToday } from "@shared/fiji-time";
import { useQuery } from "@tanstack/react-query";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/input";
import { intakeTitle, seatsTaken } from "./intake-text";
import { trainingQueries } from "./staff-api";

interface IntakeSelectProps {
  id: string;
  label: string;
  course: CourseType;
  /** The intake the place is in already, left out of the choice. */
  exclude?: number;
  value: string;
  onChange: (value: string) => void;
}

export function IntakeSelect({ id, label, course, exclude, value, onChange }: IntakeSelectProps) {
  const intakes = useQuery(trainingQueries.intakes({ course, all: false }));
  // Staff's list also holds running and recently ended intakes (for attendance); only one yet to start takes a place.
  const today = fijiToday();
  const choices = (intakes.data ?? []).filter(
    (intake) => intake.id !== exclude && intake.status !== "cancelled" && intake.startDate >= today,
  );
  const none = intakes.isSuccess && choices.length === 0;
  return (
    <Field
      id={id}
      label={label}
      hint={
        none
          ? `There is no ${exclude ? "other " : ""}upcoming intake of this course: create one first.`
          : undefined
      }
    >
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="" disabled>
          Choose an intake
        </option>
        {choices.map((intake) => (
          <option key={intake.id} value={String(intake.id)}>
            {intakeTitle(intake)} ({intake.seats - seatsTaken(intake)} of {intake.seats} seats free)
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
