// One enrollment as staff read it: contact details and the key facts up front, the long answers folded away.
import type { AdminEnrollment } from "@shared/admin";
import { applicantName, cardLabel, displayValue } from "@shared/enrollment-display";
import { ENROLLMENT_FIELDS, type EnrollmentField, type EnrollmentFieldName } from "@shared/enrollment-fields";
import { ChevronDown, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DescriptionList } from "@/components/ui/description-list";
import { ChooseIntake } from "@/features/training/choose-intake";
import { openPlace, placeHash } from "@/features/training/place-link";
import { courseTitle, formatFijiDateTime } from "./format";
import { ItemCard } from "./item-card";
import { MarkProcessedDialog } from "./mark-processed-dialog";

const hours = (value: number) => `${value.toLocaleString("en-FJ", { maximumFractionDigits: 1 })} hours`;

/** A catalogue field's value as the card shows it: e-mail and phone as links, hours with their unit. */
function cardValue(field: EnrollmentField, e: AdminEnrollment): ReactNode {
  const value = e[field.name as EnrollmentFieldName];
  const shown = displayValue(field, value);
  if (shown === null) return null;
  if (field.kind === "email")
    return (
      <a href={`mailto:${shown}`} className="font-medium text-brand-700 underline">
        {shown}
      </a>
    );
  if (field.kind === "tel")
    return (
      <a href={`tel:${String(shown).replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
        {shown}
      </a>
    );
  return typeof shown === "number" ? hours(shown) : shown;
}

const rowsFor = (place: EnrollmentField["card"], e: AdminEnrollment): [string, ReactNode][] =>
  ENROLLMENT_FIELDS.filter((field) => field.card === place).map((field) => [
    cardLabel(field),
    cardValue(field, e),
  ]);

const FACT_CLASSES = {
  item: "min-w-0",
  term: "text-xs font-medium uppercase tracking-wide text-slate-600",
  detail: "mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900",
};

/** The rows that have a value, or nothing when none has. */
function Facts({ rows, className }: { rows: [string, ReactNode][]; className?: string }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== "");
  if (shown.length === 0) return null;
  return <DescriptionList rows={shown} className={className} classes={FACT_CLASSES} />;
}

/** The way to the place's actions: the Intakes view, its intake's places open and the place marked. */
function OpenPlace({ enrollment: e }: { enrollment: AdminEnrollment }) {
  const link = e.training.placeLink;
  if (!link) return null;
  return (
    <Button asChild size="sm" variant="outline">
      <a
        href={placeHash(link)}
        onClick={(event) => {
          event.preventDefault();
          openPlace(link);
        }}
      >
        <ExternalLink aria-hidden="true" />
        Open place<span className="sr-only"> of {applicantName(e)}</span>
      </a>
    </Button>
  );
}

export function EnrollmentCard({ enrollment: e }: { enrollment: AdminEnrollment }) {
  const more = rowsFor("more", e);
  const hasMore = more.some(([, value]) => value);

  return (
    <ItemCard
      title={applicantName(e)}
      meta={
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge variant="secondary">{courseTitle(e.courseType)}</Badge>
          {e.isProcessed ? (
            <Badge variant="success">Processed</Badge>
          ) : (
            <Badge variant="warning">Pending</Badge>
          )}
          {e.training.status && <Badge variant="outline">{e.training.status}</Badge>}
          {e.googleSheetsSync && <span className="text-xs text-slate-600">Synced to Google Sheets</span>}
        </p>
      }
      actions={
        (!e.isProcessed || !e.training.placed || e.training.placeLink) && (
          <div className="flex flex-wrap gap-2">
            {e.training.placeLink && <OpenPlace enrollment={e} />}
            {!e.training.placed && <ChooseIntake enrollment={e} />}
            {!e.isProcessed && <MarkProcessedDialog enrollment={e} />}
          </div>
        )
      }
    >
      <Facts
        className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3"
        rows={[
          ...rowsFor("facts", e),
          ["Intake", e.training.intake],
          ["Place", e.training.place],
          ["Submitted", `${formatFijiDateTime(e.submittedAt)} (Fiji time)`],
        ]}
      />

      {e.training.flag && (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {e.training.flag}
        </p>
      )}

      {e.isProcessed && (
        <div className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          <p className="font-medium">
            Processed
            {e.processedBy && ` by ${e.processedBy}`}
            {e.processedAt && ` on ${formatFijiDateTime(e.processedAt)}`}
          </p>
          {e.processingNotes && (
            <p className="mt-1 whitespace-pre-wrap break-words">Notes: {e.processingNotes}</p>
          )}
        </div>
      )}

      {hasMore && (
        <details className="group mt-4 rounded-lg border border-slate-200">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 [&::-webkit-details-marker]:hidden">
            <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
            More details
          </summary>
          <Facts className="grid gap-3 px-3 pb-3 sm:grid-cols-2" rows={more} />
        </details>
      )}
    </ItemCard>
  );
}
