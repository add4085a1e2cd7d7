// Asked before new course prices are saved (ADR 045): what the public pages will show (formatted as they format it)
// and, when open intakes yet to start have no payment, whether they take the new price too. Unticked, every intake
// keeps the fee it was created with; intakes with a payment always do.
import { COURSE_TYPES } from "@shared/constants";
import { type CoursePrices, changedCourses, feeUpdates } from "@shared/course-prices";
import { formatFjd } from "@shared/money-format";
import { formatIntakeDates } from "@shared/training";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { PendingButton } from "@/components/ui/pending-button";
import { courseTitle } from "@/features/staff/format";
import { coursePriceQueries } from "./course-prices-api";

export type OpenIntakesAnswer = "keep" | "update";

interface PriceChangeDialogProps {
  /** The prices as saved. */
  before: CoursePrices;
  /** The prices typed; the dialog is open while there are some. */
  after: CoursePrices | null;
  pending: boolean;
  onConfirm: (openIntakes: OpenIntakesAnswer) => void;
  onCancel: () => void;
}

export function PriceChangeDialog({ before, after, pending, onConfirm, onCancel }: PriceChangeDialogProps) {
  return (
    <Dialog open={after !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent className="max-w-xl">
        {after && <PriceChange before={before} after={after} pending={pending} onConfirm={onConfirm} />}
      </DialogContent>
    </Dialog>
  );
}

function PriceChange({
  before,
  after,
  pending,
  onConfirm,
}: Omit<PriceChangeDialogProps, "after" | "onCancel"> & { after: CoursePrices }) {
  const [update, setUpdate] = useState(false);
  const open = useQuery(coursePriceQueries.current());
  const updates = feeUpdates(open.data?.openIntakes ?? [], before, after);
  const changed = changedCourses(before, after);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Save the new course prices?</DialogTitle>
        <DialogDescription>
          The course cards, enrollment pages and e-mails show them as soon as they are saved. Each intake
          keeps the fee it was created with.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2 text-sm text-slate-700">
        <p className="font-medium text-slate-900">The public pages will show:</p>
        <ul className="grid gap-1">
          {COURSE_TYPES.filter((type) => changed.includes(type)).map((type) => (
            <li key={type}>
              <span className="font-medium text-slate-900">
                {courseTitle(type)} {formatFjd(after[type], "public")}
              </span>{" "}
              (now {formatFjd(before[type], "public")})
            </li>
          ))}
        </ul>
      </div>
      {open.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Looking for open intakes with no payment yet...
        </p>
      ) : open.isError ? (
        <p role="status" className="text-sm text-slate-600">
          The open intakes could not be checked, so every intake keeps its fee.
        </p>
      ) : updates.length === 0 ? (
        <p className="text-sm text-slate-600">No open intake with no payment yet charges another fee.</p>
      ) : (
        <div className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm text-slate-700">
          <label className="flex items-start gap-2 font-medium text-slate-900">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-700"
              checked={update}
              onChange={(event) => setUpdate(event.target.checked)}
            />
            Also charge the new price in the open intakes with no payment yet
          </label>
          <ul className="grid gap-1 pl-6">
            {updates.map(({ intake, toCents }) => (
              <li key={intake.id}>
                {courseTitle(intake.courseType)}, {intake.location}, {formatIntakeDates(intake)}:{" "}
                {formatFjd(intake.feeCents)} becomes {formatFjd(toCents)}
              </li>
            ))}
          </ul>
          <p className="pl-6 text-slate-600">
            Intakes where anyone has paid or started to pay keep their fee.
          </p>
        </div>
      )}
      <DialogActions closeDisabled={pending}>
        <PendingButton
          pending={pending}
          pendingText="Saving..."
          disabled={pending || open.isPending}
          onClick={() => onConfirm(update && updates.length > 0 ? "update" : "keep")}
        >
          Save prices
        </PendingButton>
      </DialogActions>
    </>
  );
}
