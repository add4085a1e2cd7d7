// The frame of the messages, reviews, e-mail and spam views: a heading with a filter, the list's status, the rows
// and the pager. It owns the filter, the page and the list query, so a view only says what it lists.
import type { Page } from "@shared/admin";
import type { QueryKey, UseQueryOptions } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { FilterSelect } from "./filter-select";
import { ItemList } from "./item-list";
import { PagedList } from "./paged-list";
import { StaffSection } from "./staff-section";
import { usePagedQuery } from "./use-pages";

interface PagedSectionProps<F extends string, T extends { id: number }, K extends QueryKey> {
  title: string;
  /** Plural, e.g. "messages"; it also names the heading's id ("messages-title") and the filter's. */
  noun: string;
  /** The filter's choices; the first is shown first. */
  filters: readonly [{ value: F; label: string }, ...{ value: F; label: string }[]];
  /** The list's query for one filter and page. */
  query: (filter: F, page: { limit: number; offset: number }) => UseQueryOptions<Page<T>, Error, Page<T>, K>;
  emptyText: (filter: F) => string;
  renderItem: (item: T) => ReactNode;
}

export function PagedSection<F extends string, T extends { id: number }, K extends QueryKey>(
  props: PagedSectionProps<F, T, K>,
) {
  const { title, noun, filters, query, emptyText, renderItem } = props;
  const [filter, setFilter] = useState<F>(filters[0].value);
  const paged = usePagedQuery((page) => query(filter, page));
  // Another filter starts again at the first page.
  function choose(next: F) {
    setFilter(next);
    paged.setOffset(0);
  }
  const select = (
    <FilterSelect id={`${noun}-filter`} label="Show" value={filter} options={filters} onChange={choose} />
  );
  return (
    <StaffSection id={noun} title={title} aside={select}>
      <PagedList paged={paged} noun={noun} emptyText={emptyText(filter)} pagerLabel={`${title} pages`}>
        <ItemList label={title} items={paged.items} renderItem={renderItem} />
      </PagedList>
    </StaffSection>
  );
}
