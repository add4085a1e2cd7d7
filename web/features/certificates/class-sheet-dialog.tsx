// An intake's class sheet, opened from its card once it has started: the confirmed trainees by the intake's days
// (a box a day, ticked when present), each one's result and, after a pass, the certificate it issued.

import { formatCalendarDate, formatIntakeDates } from "@shared/calendar-dates";
import { RESULT_LABELS } from "@shared/certificates";
import { fijiToday } from "@shared/fiji-time";
import type { StaffIntake } from "@shared/training";
import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFrame } from "@/components/ui/dialog";
import { ListStatus } from "@/features/staff/list-status";
import { actionsColumn, CELL, type Column, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { intakeHeading, intakeTitle } from "@/features/training/intake-text";
import { type ClassSheet, certificateQueries, staffPdfUrl, type Trainee } from "./api";
import { AttendanceBox } from "./attendance-box";
import { isCurrent, numberText, PdfLink, StatusBadge } from "./certificate-text";
import { ResultDialog, traineeName } from "./result-dialog";

/** Whether the card offers the sheet: the intake has begun and someone is confirmed on it. */
export const hasClassSheet = (intake: StaffIntake, today = fijiToday()) =>
  intake.status !== "cancelled" && intake.confirmed > 0 && intake.startDate <= today;

function resultCell(trainee: Trainee) {
  if (!trainee.result) return <span className="text-slate-600">Not decided</span>;
  const { result, note, decidedBy } = trainee.result;
  return (
    <>
      <span className="font-medium text-slate-900">{RESULT_LABELS[result]}</span>
      {note && <span className="block text-xs text-slate-600">{note}</span>}
      <span className="block text-xs text-slate-600">By {decidedBy}</span>
    </>
  );
}

function certificateCell({ certificate, ...trainee }: Trainee) {
  if (!certificate) return <span className="text-slate-600">None</span>;
  return (
    <div className="grid justify-items-start gap-1.5">
      <span className="font-medium text-slate-900">{numberText(certificate)}</span>
      <StatusBadge status={certificate.status} />
      <PdfLink href={staffPdfUrl(certificate.id)} detail={` of ${traineeName(trainee)}'s certificate`} />
    </div>
  );
}

/** The sheet's table: a column per day of the intake between the name and the result. */
function sheetTable(sheet: ClassSheet, today: string): TableSpec<Trainee> {
  const days = sheet.days.map(
    (day): Column<Trainee> => ({
      // "2 March": the dialog's heading says the year.
      heading: formatCalendarDate(day).replace(/ \d{4}$/, ""),
      className: CELL.controls,
      cell: (trainee) => (
        <AttendanceBox intakeId={sheet.intakeId} trainee={trainee} day={day} today={today} />
      ),
    }),
  );
  return {
    label: "Attendance and results",
    caption: "Confirmed trainees: attendance per day, result and certificate",
    rowKey: (trainee) => trainee.seatId,
    columns: [
      {
        heading: "Trainee",
        rowHeader: true,
        className: CELL.strong,
        cell: (trainee) => (
          <>
            {traineeName(trainee)}
            <span className="block break-all text-xs font-normal text-slate-600">{trainee.email}</span>
          </>
        ),
      },
      ...days,
      { heading: "Result", className: CELL.text, cell: resultCell },
      { heading: "Certificate", className: CELL.text, cell: certificateCell },
      // A current certificate fixes the result: it is revoked first, in the Certificates view.
      actionsColumn((trainee) =>
        trainee.certificate && isCurrent(trainee.certificate) ? null : <ResultDialog trainee={trainee} />,
      ),
    ],
  };
}

function Sheet({ intakeId }: { intakeId: number }) {
  const sheet = useQuery(certificateQueries.classSheet(intakeId));
  const rows = sheet.data?.trainees ?? [];
  return (
    <>
      <ListStatus
        isPending={sheet.isPending}
        isError={sheet.isError}
        isEmpty={rows.length === 0}
        noun="the class sheet"
        emptyText="Nobody is confirmed on this intake."
        onRetry={() => sheet.refetch()}
      />
      {sheet.data && rows.length > 0 && <StaffTable spec={sheetTable(sheet.data, fijiToday())} rows={rows} />}
    </>
  );
}

export function ClassSheetDialog({ intake }: { intake: StaffIntake }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline">
          <ClipboardCheck aria-hidden="true" />
          Attendance and results
          <span className="sr-only"> {intakeTitle(intake)}</span>
        </Button>
      }
      title={`Attendance and results: ${intakeHeading(intake)}`}
      description={`${formatIntakeDates(intake)}. Confirmed trainees only. Tick each day a trainee was present (days still ahead open on the day); a pass needs every day present and issues the certificate, e-mailed to the trainee.`}
      content={{ className: "max-w-5xl" }}
    >
      {open && <Sheet intakeId={intake.id} />}
    </DialogFrame>
  );
}
