// The class roster of an intake: everyone with a seat (confirmed, offered, held), by name, with phone, e-mail and
// where their place stands and what they have paid and still owe, in a dialog that prints on its own. Printing hides
// the dashboard behind the dialog and lays it out as a plain page.
import { formatIntakeDates } from "@shared/training";
import { ClipboardList, Printer } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { CELL, type TableSpec } from "@/features/staff/staff-table";
import { type PlaceRow, PlacesList, placeColumns } from "./intake-places";
import { intakeHeading, intakeTitle } from "./intake-text";
import { paymentText, SEATED_STATES } from "./place-state";
import type { StaffIntake } from "./staff-api";

const ROSTER: TableSpec<PlaceRow> = {
  label: "Class roster",
  caption: "Trainees with a seat in this intake",
  rowKey: (place) => place.id,
  columns: [
    placeColumns.name,
    placeColumns.phone,
    placeColumns.email,
    { heading: "Place", className: CELL.text, cell: (place) => place.stateText },
    { heading: "Payment status", className: CELL.text, cell: (place) => paymentText(place) },
  ],
};

// In print: the app behind the dialog and the dialog's overlay are hidden, the dialog becomes an ordinary block of
// the page (no frame, no scrolling box, no centring) and its buttons are left out.
const PRINT_LAYOUT = [
  "print:[body:has(&)>#root]:hidden",
  "print:[*:has(+&)]:hidden",
  "print:static print:max-h-none print:w-full print:max-w-none print:translate-none print:overflow-visible",
  "print:rounded-none print:border-0 print:p-0 print:shadow-none print:[&_button]:hidden",
].join(" ");

export function IntakeRoster({ intake }: { intake: StaffIntake }) {
  const [open, setOpen] = useState(false);
  const title = intakeTitle(intake);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <ClipboardList aria-hidden="true" />
          Class roster
          <span className="sr-only"> {title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className={`max-w-3xl ${PRINT_LAYOUT}`}>
        <DialogHeader>
          <DialogTitle>Class roster: {intakeHeading(intake)}</DialogTitle>
          <DialogDescription>
            {formatIntakeDates(intake)}. {intake.confirmed} confirmed, {intake.offered} offered, {intake.held}{" "}
            held of {intake.seats} seats.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <PlacesList
            intakeId={intake.id}
            spec={ROSTER}
            pick={seatedByName}
            emptyText="Nobody has a seat in this intake yet."
          />
        )}
        <div className="flex justify-end">
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print roster
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Everyone with a seat, by name. */
const seatedByName = (rows: PlaceRow[]) =>
  rows.filter((place) => SEATED_STATES.includes(place.state)).sort((a, b) => a.name.localeCompare(b.name));
