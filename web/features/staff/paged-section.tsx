// The frame of the messages, reviews, e-mail and spam views: a heading with a filter, the list's status, the rows
// and the pager. It owns the filter, the page and the list query, so a view only says what it lists.
import type { Page } from "@shared/admin";
import type { QueryKey, UseQueryOptions } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PAGE_SIZE } from "./api";
import { FilterSelect } from "./filter-select";
import { PagedList } from "./paged-list";
import { useFilteredPages, useListQuery } from "./use-pages";

interface PagedSectionProps<F extends string, T extends { id: number }, K extends QueryKey> {
  title: string;
  /** Plural, e.g. "messages"; it also names the heading's id ("messages-title"). */
  noun: string;
  filterId: string;
  filters: readonly { value: F; label: string }[];
  /** The filter shown first. */
  initialFilter: F;
  /** The list's query for one filter and page. */
  query: (filter: F, page: { limit: number; offset: number }) => UseQueryOptions<Page<T>, Error, Page<T>, K>;
  emptyText: (filter: F) => string;
  renderItem: (item: T) => ReactNode;
}

export function PagedSection<F extends string, T extends { id: number }, K extends QueryKey>(
  props: PagedSectionProps<F, T, K>,
) {
  const { title, noun, filterId, filters, initialFilter, query, emptyText, renderItem } = props;
  const pages = useFilteredPages<F>(initialFilter);
  const list = useListQuery(query(pages.filter, { limit: PAGE_SIZE, offset: pages.offset }));
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
        emptyText={emptyText(pages.filter)}
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
