// The frame of the messages and reviews views: a heading with a filter, the list's status, the rows and the pager.
import type { Page } from "@shared/admin";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PAGE_SIZE } from "@/lib/admin-api";
import { ListStatus } from "./list-status";
import { Pager } from "./pager";

interface PagedSectionProps<T extends { id: number }> {
  titleId: string;
  title: string;
  /** Controls beside the heading, e.g. a status filter. */
  toolbar?: ReactNode;
  list: UseQueryResult<Page<T>>;
  /** Plural, e.g. "messages". */
  noun: string;
  emptyText: string;
  offset: number;
  onOffsetChange: (offset: number) => void;
  renderItem: (item: T) => ReactNode;
}

export function PagedSection<T extends { id: number }>(props: PagedSectionProps<T>) {
  const { titleId, title, toolbar, list, noun, emptyText, offset, onOffsetChange, renderItem } = props;
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={titleId} className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {toolbar}
      </div>
      <ListStatus
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={items.length === 0}
        noun={noun}
        emptyText={emptyText}
        onRetry={() => list.refetch()}
      />
      {items.length > 0 && (
        <>
          <ul aria-label={title} className="grid gap-4">
            {items.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
          <Pager
            label={`${title} pages`}
            offset={offset}
            limit={PAGE_SIZE}
            total={list.data?.total}
            onOffsetChange={onOffsetChange}
          />
        </>
      )}
    </section>
  );
}
