// One intake as staff read it: course and place, dates, status, fee, how its seats are filled (confirmed, offered,
// held, and the waitlist behind them), its revenue, and its places folded away until opened.
import { addressOnOneLine, formatDailyHours, whatToBringItems } from "@shared/joining";
import { formatFjd } from "@shared/money-format";
import { formatIntakeDates } from "@shared/training";
import { ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { ClassSheetDialog, hasClassSheet } from "@/features/certificates/class-sheet-dialog";
import { ItemCard } from "@/features/staff/item-card";
import { IntakeDialog } from "./intake-dialog";
import { IntakePlaces } from "./intake-places";
import { IntakeRoster } from "./intake-roster";
import { IntakeStatusActions } from "./intake-status-actions";
import { feeText, intakeHeading, intakeTitle, STATUS_BADGES, seatsTaken } from "./intake-text";
import { usePlaceLink } from "./place-link";
import type { StaffIntake } from "./staff-api";

const FILL = [
  { key: "confirmed", label: "Confirmed", bar: "bg-green-700" },
  { key: "offered", label: "Offered", bar: "bg-ocean-700" },
  { key: "held", label: "Held", bar: "bg-sun-400" },
] as const;

/** The seats as a bar (for the eye; the figures beside it say the same) and the counts as a list. */
function Fill({ intake }: { intake: StaffIntake }) {
  const taken = seatsTaken(intake);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-slate-900">
        {taken} of {intake.seats} seats taken
        {intake.waitlisted > 0 && `, ${intake.waitlisted} on the waitlist`}
      </p>
      <div className="flex h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        {FILL.map(({ key, bar }) => (
          <div
            key={key}
            className={bar}
            style={{ width: `${(100 * intake[key]) / Math.max(intake.seats, 1)}%` }}
          />
        ))}
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
        {[...FILL, { key: "waitlisted", label: "Waitlist", bar: "bg-slate-400" } as const].map(
          ({ key, label, bar }) => (
            <div key={key} className="flex items-center gap-1.5">
              <dt className="flex items-center gap-1.5">
                <span className={`size-2.5 rounded-full ${bar}`} aria-hidden="true" />
                {label}
              </dt>
              <dd className="font-semibold text-slate-900">{intake[key]}</dd>
            </div>
          ),
        )}
      </dl>
    </div>
  );
}

/** The joining instructions in brief: hours, venue (or that none is set), map link, how many things to bring. */
function JoiningSummary({ intake }: { intake: StaffIntake }) {
  const venue = addressOnOneLine(intake.venueAddress);
  const things = whatToBringItems(intake.whatToBring).length;
  return (
    <p>
      {formatDailyHours(intake)} daily · {venue ? `Venue: ${venue}` : "No venue address yet"}
      {intake.mapUrl && (
        <>
          {" · "}
          <a
            href={intake.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Map<span className="sr-only"> of the venue of {intakeTitle(intake)}</span>
          </a>
        </>
      )}
      {" · "}
      {things === 0 ? "Nothing listed to bring" : `${things} ${things === 1 ? "thing" : "things"} to bring`}
    </p>
  );
}

export function IntakeCard({ intake }: { intake: StaffIntake }) {
  const linked = usePlaceLink();
  const linkedPlace = linked?.intakeId === intake.id ? linked.placeId : undefined;
  const [placesOpen, setPlacesOpen] = useState(linkedPlace !== undefined);
  useEffect(() => {
    if (linkedPlace !== undefined) setPlacesOpen(true);
  }, [linkedPlace]);
  const titleId = `intake-${intake.id}-title`;
  const status = STATUS_BADGES[intake.status];
  const people = seatsTaken(intake) + intake.waitlisted;
  return (
    <ItemCard
      titleId={titleId}
      title={intakeHeading(intake)}
      meta={
        <div className="mt-1 grid gap-1 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2">
            <Badge variant={status.variant}>{status.label}</Badge>
            <span className="font-medium text-slate-900">{formatIntakeDates(intake)}</span>
          </p>
          <p>Fee {feeText(intake)}</p>
          <JoiningSummary intake={intake} />
        </div>
      }
      actions={
        <div className="flex flex-wrap gap-2">
          {intake.status !== "cancelled" && <IntakeDialog intake={intake} />}
          <IntakeRoster intake={intake} />
          {hasClassSheet(intake) && <ClassSheetDialog intake={intake} />}
          <IntakeStatusActions intake={intake} />
        </div>
      }
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Fill intake={intake} />
        <dl className="grid content-start gap-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-slate-600">Paid</dt>
            <dd className="font-semibold text-slate-900">{formatFjd(intake.paidCents)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">Due</dt>
            <dd className="font-semibold text-slate-900">{formatFjd(intake.dueCents)}</dd>
          </div>
        </dl>
      </div>
      <details
        className="group mt-4 rounded-lg border border-slate-200"
        open={placesOpen}
        onToggle={(event) => setPlacesOpen(event.currentTarget.open)}
      >
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 [&::-webkit-details-marker]:hidden">
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
          Places ({people})<span className="sr-only"> in {intakeTitle(intake)}</span>
        </summary>
        <div className="px-3 pb-3">
          {placesOpen && <IntakePlaces intake={intake} linkedPlace={linkedPlace} />}
        </div>
      </details>
    </ItemCard>
  );
}
