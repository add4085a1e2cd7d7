// One application on /my-training: its course and status, the intake's dates and place, the fee and what is paid
// and due, and what the person can do now (pay an offer, add the course to a calendar, cancel the place).
import { type Application, STATUS_LABELS } from "@shared/applicant";
import { fullFeeDueNote } from "@shared/due-dates";
import { formatDailyHours, whatToBringItems } from "@shared/joining";
import { formatFjd } from "@shared/money-format";
import { formatCalendarDate, formatIntakeDates } from "@shared/training";
import { CalendarPlus, CreditCard } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatFijiDateTime } from "@/features/staff/format";
import { ApplicationTexts } from "./my-training-texts";

// The dialog code (Radix dialog, focus trap, scroll lock: ~8 KB gzip) loads only once a place can be cancelled,
// keeping /my-training within the public pages' 100 KB of script (ADR 042).
const CancelPlaceDialog = lazy(() =>
  import("./my-training-cancel-dialog").then((module) => ({ default: module.CancelPlaceDialog })),
);

const BADGE: Record<Application["status"], "success" | "accent" | "warning" | "secondary" | "outline"> = {
  applied: "secondary",
  held: "accent",
  waitlisted: "warning",
  offered: "accent",
  confirmed: "success",
  cancelled: "outline",
  declined: "outline",
  lapsed: "outline",
};

function statusText(application: Application): string {
  const label = STATUS_LABELS[application.status];
  return application.waitlistPosition ? `${label}: number ${application.waitlistPosition}` : label;
}

/** Where and when, or why there is no date yet. */
function whenText({ intake }: Application): string {
  if (!intake) return "No date chosen yet: we will agree one with you.";
  const when = `${formatIntakeDates(intake)}, ${intake.location}`;
  return intake.cancelled ? `${when} (this intake was cancelled)` : when;
}

/** The places whose course is still ahead of them: they get its joining instructions. */
const LIVE: readonly Application["status"][] = ["held", "offered", "confirmed", "waitlisted"];

/** The hours, the venue with its map link and what to bring; a venue or link not given yet is left out. */
function JoiningFacts({ intake }: { intake: NonNullable<Application["intake"]> }) {
  const items = whatToBringItems(intake.whatToBring);
  return (
    <>
      <Fact term="Hours">{formatDailyHours(intake)} each day (Fiji time)</Fact>
      {intake.venueAddress && (
        <Fact term="Venue">
          <span className="whitespace-pre-line">{intake.venueAddress}</span>
        </Fact>
      )}
      {intake.mapUrl && (
        <Fact term="Map">
          <a
            href={intake.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            Open the venue on a map
          </a>
        </Fact>
      )}
      {items.length > 0 && (
        <Fact term="What to bring">
          <ul className="mt-1 grid basis-full list-disc gap-0.5 pl-5">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Fact>
      )}
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold text-slate-900">{term}:</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

export function ApplicationCard({ application }: { application: Application }) {
  const { feeCents, depositCents, dueCents, paidCents, offerExpiresAt, balanceDueDate, fullFeeDue } =
    application;
  const headingId = `application-${application.enrollmentId}`;
  return (
    <Card asChild className="p-6">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id={headingId} className="text-lg font-bold text-brand-900">
            {application.courseTitle} course
          </h2>
          <Badge variant={BADGE[application.status]}>{statusText(application)}</Badge>
        </div>
        <dl className="mt-4 grid gap-2 text-sm">
          <Fact term="Dates and place">{whenText(application)}</Fact>
          {application.intake && !application.intake.cancelled && LIVE.includes(application.status) && (
            <JoiningFacts intake={application.intake} />
          )}
          {offerExpiresAt && (
            <Fact term="Offer open until">{formatFijiDateTime(offerExpiresAt)} (Fiji time)</Fact>
          )}
          {feeCents !== null && (
            <Fact term="Fee">
              {formatFjd(feeCents)}
              {depositCents && !fullFeeDue ? ` (deposit ${formatFjd(depositCents)})` : ""}
            </Fact>
          )}
          {paidCents > 0 && <Fact term="Paid">{formatFjd(paidCents)}</Fact>}
          {dueCents !== null && <Fact term="Due">{formatFjd(dueCents)}</Fact>}
          {balanceDueDate && (
            <Fact term="Balance due by">
              {formatCalendarDate(balanceDueDate)}
              {application.status === "offered" ? ", after a deposit" : ""}
            </Fact>
          )}
        </dl>
        {offerExpiresAt && fullFeeDue && (
          <p className="mt-3 text-sm text-slate-700">{fullFeeDueNote(formatFijiDateTime(offerExpiresAt))}</p>
        )}
        {(application.payUrl || application.calendarUrl || application.cancel) && (
          <div className="mt-5 flex flex-wrap gap-2">
            {application.payUrl && (
              <Link href={application.payUrl} className={buttonVariants({ size: "sm" })}>
                <CreditCard aria-hidden="true" />
                Pay
              </Link>
            )}
            {application.calendarUrl && (
              <a
                href={application.calendarUrl}
                download
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                <CalendarPlus aria-hidden="true" />
                Add to calendar
              </a>
            )}
            <Suspense>
              <CancelPlaceDialog application={application} />
            </Suspense>
          </div>
        )}
        <ApplicationTexts application={application} />
      </article>
    </Card>
  );
}
