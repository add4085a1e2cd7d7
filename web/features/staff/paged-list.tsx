// What every staff list shows below its heading: its status line while there is nothing to show, else the rows and
// the pager.
import type { ReactNode } from "react";
import { PAGE_SIZE } from "@/features/staff/api";
import { ListStatus } from "./list-status";
import { Pager } from "./pager";

/** Where a paged list stands (usePagedQuery's answer, or the same put together by hand). */
export interface PagedState {
  list: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Rows on this page. */
  count: number;
  /** Rows in the whole list; undefined while unknown. */
  total: number | undefined;
  offset: number;
  setOffset: (offset: number) => void;
}

interface PagedListProps {
  paged: PagedState;
  /** Plural, e.g. "subscribers", used in the loading and error lines. */
  noun: string;
  emptyText: string;
  /** Names the pager's navigation landmark, e.g. "Subscriber pages". */
  pagerLabel: string;
  /** The rows, shown only when the page has some. */
  children: ReactNode;
}

export function PagedList({ paged, noun, emptyText, pagerLabel, children }: PagedListProps) {
  const { list, count, total, offset, setOffset } = paged;
  return (
    <>
      <ListStatus
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={count === 0}
        noun={noun}
        emptyText={emptyText}
        onRetry={() => list.refetch()}
      />
      {count > 0 && (
        <>
          {children}
          <Pager
            label={pagerLabel}
            offset={offset}
            limit={PAGE_SIZE}
            total={total}
            onOffsetChange={setOffset}
          />
        </>
      )}
    </>
  );
}
