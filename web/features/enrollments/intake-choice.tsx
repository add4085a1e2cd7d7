// The "Intake" choice of an enrollment form: the open intakes of the course (dates, place, seats left), or "Any
// upcoming date", which holds no seat until staff assign one. A link from the schedule (?intake=<id>) preselects.
import type { CourseType } from "@shared/constants";
import { type PlaceTaken, placeNoteText } from "@shared/enrollment";
import { formatIntakeDates, type PublicIntake } from "@shared/training";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { Field, Fieldset } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/input";
import { intakesQuery, setChosenIntake } from "./chosen-intake";

export const ANY_DATE = "";

export { intakesQuery };

function optionText(intake: PublicIntake): string {
  return `${formatIntakeDates(intake)} · ${intake.location} · ${intake.label}`;
}

export function IntakeChoice({
  course,
  value,
  onChange,
}: {
  course: CourseType;
  value: string;
  onChange: (value: string) => void;
}) {
  const intakes = useQuery<PublicIntake[]>(intakesQuery(course));
  const open = intakes.data?.filter((intake) => intake.availability !== "full") ?? [];

  // Chosen on the schedule (?intake=<id>): taken once per link, when the intakes are known and it still takes
  // applications; not again after a submission refreshes the list and the form starts afresh.
  const linked = new URLSearchParams(useSearch()).get("intake");
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (!intakes.data || !linked || taken.current === linked) return;
    taken.current = linked;
    if (intakes.data.some((intake) => String(intake.id) === linked && intake.availability !== "full")) {
      onChange(linked);
    }
  }, [intakes.data, linked, onChange]);
  // The page's "Upcoming dates" card marks the chosen intake; it leaves the page's card unmarked when the form goes.
  useEffect(() => setChosenIntake(course, value), [course, value]);
  useEffect(() => () => setChosenIntake(course, ANY_DATE), [course]);

  return (
    <Fieldset legend="Course Intake">
      <Field
        id="enroll-intake"
        label="Intake"
        hint={
          open.length === 0
            ? "New dates are announced soon: choose any upcoming date and we will offer you the next intake."
            : "Choosing a date holds a seat for you while we review your application. When an intake is full you join its waitlist."
        }
      >
        <NativeSelect
          id="enroll-intake"
          name="intakeId"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value={ANY_DATE}>Any upcoming date</option>
          {open.map((intake) => (
            <option key={intake.id} value={String(intake.id)}>
              {optionText(intake)}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </Fieldset>
  );
}

/** What the application's intake choice came to, said after the spec's success toast. */
export function PlaceNote({ place }: { place: PlaceTaken | undefined }) {
  const text = placeNoteText(place);
  return (
    <p role="status" className="rounded-lg bg-ocean-50 p-4 text-sm text-ocean-700">
      {text} You can follow your application on{" "}
      <Link href="/my-training" className="font-semibold underline underline-offset-4">
        My training
      </Link>
      .
    </p>
  );
}
