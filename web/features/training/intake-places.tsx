// An intake's places, in the order they were taken: who, how to reach them, and where each stands. Staff accept a
// held place (it becomes an offer with a payment deadline, e-mailed), decline one (the seat goes to the waitlist),
// move one to another intake of the course, open a seated place's Payments (record money, confirm without it), or
// send the applicant a text.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { PendingButton } from "@/components/ui/pending-button";
import { ConfirmDialog, useConfirmDialog } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { ListStatus } from "@/features/staff/list-status";
import { actionsColumn, CELL, type Column, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { toast } from "@/lib/use-toast";
import { intakeTitle } from "./intake-text";
import { MovePlace } from "./move-place";
import { PlacePaymentsDialog } from "./place-payments-dialog";
import { type PlaceRow, placeStateText, SEATED_STATES, waitlistPositions } from "./place-state";
import { PlaceTextAction } from "./place-text-dialog";
import { invalidateTraining, type StaffIntake, trainingApi, trainingQueries } from "./staff-api";

export type { PlaceRow };

/** The columns the places list (in this order) and the class roster share. */
export const placeColumns = {
  name: { heading: "Name", rowHeader: true, className: CELL.strong, cell: (place) => place.name },
  email: {
    heading: "Email",
    className: "break-all text-slate-700",
    cell: (place) => (
      <a href={`mailto:${place.email}`} className="text-brand-700 underline">
        {place.email}
      </a>
    ),
  },
  phone: {
    heading: "Phone",
    className: CELL.nowrap,
    cell: (place) => place.phone || <span className="text-slate-600">Not given</span>,
  },
} satisfies Record<string, Column<PlaceRow>>;

/** One intake's places table, named after the intake (several can be open at once). */
const placesTable = (intake: StaffIntake, linkedPlace?: number): TableSpec<PlaceRow> => ({
  label: `Places in ${intakeTitle(intake)}`,
  caption: "Places in this intake, in the order they were taken",
  rowKey: (place) => place.id,
  // The place an enrollment card's "Open place" points at: marked, and scrolled to once shown.
  rowProps: (place) =>
    place.id === linkedPlace
      ? {
          id: `place-${place.id}`,
          "aria-current": "true",
          className: "bg-amber-50 outline-2 -outline-offset-2 outline-amber-500",
        }
      : {},
  columns: [
    ...Object.values(placeColumns),
    { heading: "State", className: CELL.text, cell: (place) => <PlaceState place={place} /> },
    actionsColumn((place) => <PlaceDecisions place={place} intake={intake} />),
  ],
});

/**
 * The place's state, and its flag when it was one of a burst of places from one IP address: a reason to look
 * closer before accepting, not a refusal (an office or a mobile network shares one address).
 */
function PlaceState({ place }: { place: PlaceRow }) {
  if (!place.ipBurstAt) return place.stateText;
  return (
    <span className="grid gap-1">
      {place.stateText}
      <Badge variant="warning" title={place.sourceIp ? `IP address ${place.sourceIp}` : undefined}>
        Flagged: many places from one IP address
      </Badge>
    </span>
  );
}

interface PlacesListProps {
  intakeId: number;
  spec: TableSpec<PlaceRow>;
  emptyText: string;
  /** Which places the table shows, in which order; all of them, as taken, by default. */
  pick?: (rows: PlaceRow[]) => PlaceRow[];
}

/** An intake's places as a table (loading, failure and none said instead), for the places list and the roster. */
export function PlacesList({ intakeId, spec, emptyText, pick = (rows) => rows }: PlacesListProps) {
  const places = useQuery(trainingQueries.places(intakeId));
  const positions = waitlistPositions(places.data ?? []);
  const rows = pick(
    (places.data ?? []).map((place) => ({
      ...place,
      stateText: placeStateText(place, positions.get(place.id)),
    })),
  );
  return (
    <>
      <ListStatus
        isPending={places.isPending}
        isError={places.isError}
        isEmpty={rows.length === 0}
        noun="places"
        emptyText={emptyText}
        onRetry={() => places.refetch()}
      />
      {rows.length > 0 && <StaffTable spec={spec} rows={rows} />}
    </>
  );
}

export function IntakePlaces({ intake, linkedPlace }: { intake: StaffIntake; linkedPlace?: number }) {
  const places = useQuery(trainingQueries.places(intake.id));
  const shown = linkedPlace !== undefined && places.data?.some((place) => place.id === linkedPlace);
  useEffect(() => {
    if (shown) document.getElementById(`place-${linkedPlace}`)?.scrollIntoView({ block: "center" });
  }, [shown, linkedPlace]);
  return (
    <PlacesList
      intakeId={intake.id}
      spec={placesTable(intake, linkedPlace)}
      emptyText="Nobody has applied for this intake yet."
    />
  );
}

function useDecision(place: PlaceRow, decision: "accept" | "decline", onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => trainingApi.decidePlace(place.id, decision),
    onSuccess: async () => {
      onDone();
      toast(
        decision === "accept"
          ? { title: "Place offered", description: `${place.name} is e-mailed an offer with a payment link.` }
          : { title: "Application declined", description: `${place.name}'s seat is free for the waitlist.` },
      );
      await invalidateTraining.intakes(queryClient);
    },
    onError: async (error) => {
      if (toastFailure(`Could not ${decision} the application`, error))
        await invalidateTraining.intakes(queryClient);
    },
  });
}

function PlaceDecisions({ place, intake }: { place: PlaceRow; intake: StaffIntake }) {
  const dialog = useConfirmDialog();
  const accept = useDecision(place, "accept", () => {});
  const decline = useDecision(place, "decline", () => dialog.finish());
  const canDecline = place.state === "held" || place.state === "offered" || place.state === "waitlisted";
  if (!canDecline && place.state !== "confirmed") return null;
  return (
    <div className="flex flex-wrap gap-2">
      <MovePlace place={place} from={intake} />
      {SEATED_STATES.includes(place.state) && <PlacePaymentsDialog place={place} />}
      <PlaceTextAction place={place} />
      {place.state === "held" && (
        <PendingButton
          size="sm"
          pending={accept.isPending}
          icon={<Check aria-hidden="true" />}
          pendingText="Accepting..."
          onClick={() => accept.mutate()}
        >
          Accept
          <span className="sr-only"> {place.name}</span>
        </PendingButton>
      )}
      {canDecline && (
        <ConfirmDialog
          dialog={dialog}
          pending={decline.isPending}
          trigger={
            <>
              <X aria-hidden="true" />
              Decline
              <span className="sr-only"> {place.name}</span>
            </>
          }
          title={`Decline ${place.name}?`}
          description={`${place.name} (${place.stateText.toLowerCase()}) loses the place; a freed seat is offered to the first person on the waitlist.`}
          confirmLabel="Decline application"
          pendingLabel="Declining..."
          confirmVariant="destructive"
          onConfirm={() => decline.mutate()}
        />
      )}
    </div>
  );
}
