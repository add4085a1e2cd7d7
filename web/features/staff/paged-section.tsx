// The frame of the messages and reviews views: a heading with a status filter, the list's status, the rows and the
// pager.
import type { Page } from "@shared/admin";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { FilterSelect } from "./filter-select";
import { PagedList } from "./paged-list";
import type { useFilteredPages } from "./use-pages";

interface PagedSectionProps<F extends string, T extends { id: number }> {
  title: string;
  /** Plural, e.g. "messages"; it also names the heading's id ("messages-title"). */
  noun: string;
  filterId: string;
  filters: readonly { value: F; label: string }[];
  pages: ReturnType<typeof useFilteredPages<F>>;
  list: UseQueryResult<Page<T>>;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}

export function PagedSection<F extends string, T extends { id: number }>(props: PagedSectionProps<F, T>) {
  const { title, noun, filterId, filters, pages, list, emptyText, renderItem } = props;
  const titleId = `${noun}-title`;
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={titleId} className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <FilterSelect
          id={filterId}
          label="Show"
          value={pages.filter}
          options={filters}
          onChange={pages.setFilter}
        />
      </div>
      <PagedList
        list={list}
        count={items.length}
        total={list.data?.total}
        noun={noun}
        emptyText={emptyText}
        pagerLabel={`${title} pages`}
        offset={pages.offset}
        onOffsetChange={pages.setOffset}
      >
        <ul aria-label={title} className="grid gap-4">
          {items.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
