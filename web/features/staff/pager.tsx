// Previous/Next paging for the staff lists, so a list of thousands loads one page at a time.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

interface PagerProps {
  offset: number;
  limit: number;
  /** Rows in the whole list; undefined while unknown. */
  total: number | undefined;
  onOffsetChange: (offset: number) => void;
  /** Names the navigation landmark, e.g. "Enrollment pages". */
  label: string;
}

export function Pager({ offset, limit, total, onOffsetChange, label }: PagerProps) {
  const shownTo = total === undefined ? offset + limit : Math.min(offset + limit, total);
  const hasNext = total !== undefined && offset + limit < total;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {total === undefined
          ? "\u00a0"
          : total === 0
            ? "Showing 0 of 0"
            : `Showing ${(offset + 1).toLocaleString("en-FJ")}-${shownTo.toLocaleString("en-FJ")} of ${total.toLocaleString("en-FJ")}`}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasNext}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
