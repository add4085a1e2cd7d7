// What every staff list shows below its heading: its status line while there is nothing to show, else the rows and
// the pager.
import type { ReactNode } from "react";
import { PAGE_SIZE } from "@/features/staff/api";
import { ListStatus } from "./list-status";
import { Pager } from "./pager";

interface PagedListProps {
  list: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Rows on this page. */
  count: number;
  /** Rows in the whole list; undefined while unknown. */
  total: number | undefined;
  /** Plural, e.g. "subscribers", used in the loading and error lines. */
  noun: string;
  emptyText: string;
  /** Names the pager's navigation landmark, e.g. "Subscriber pages". */
  pagerLabel: string;
  offset: number;
  onOffsetChange: (offset: number) => void;
  /** The rows, shown only when the page has some. */
  children: ReactNode;
}

export function PagedList(props: PagedListProps) {
  const { list, count, total, noun, emptyText, pagerLabel, offset, onOffsetChange, children } = props;
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
            onOffsetChange={onOffsetChange}
          />
        </>
      )}
    </>
  );
}
