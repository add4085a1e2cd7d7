// What a staff list shows instead of rows: loading, a failure with a retry, or nothing to show.
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";

interface ListStatusProps {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  /** e.g. "enrollments", used in the loading and error lines. */
  noun: string;
  emptyText: string;
  onRetry: () => void;
}

/** Renders the list's status line, or null when there are rows to show. */
export function ListStatus({ isPending, isError, isEmpty, noun, emptyText, onRetry }: ListStatusProps) {
  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-700">
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        Loading {noun}...
      </p>
    );
  }
  if (isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-800"
      >
        Could not load {noun}.
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty) return <p className="py-8 text-center text-sm text-slate-600">{emptyText}</p>;
  return null;
}
