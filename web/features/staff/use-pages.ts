// Paging state of the staff lists. A new filter or search always starts again at the first page.
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";

/** A list query that keeps showing the previous page while the next one loads, so the list does not jump. */
export function useListQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
) {
  return useQuery({ ...options, placeholderData: keepPreviousData });
}

/** The page offset within the list that `key` (tab, search) selects; another key reads as the first page. */
export function usePageOffset(key: string) {
  const [page, setPage] = useState({ key, offset: 0 });
  const offset = page.key === key ? page.offset : 0;
  return [offset, (next: number) => setPage({ key, offset: next })] as const;
}

/** A status filter and the page offset within it; changing the filter goes back to the first page. */
export function useFilteredPages<F extends string>(initial: F) {
  const [filter, setFilterState] = useState<F>(initial);
  const [offset, setOffset] = useState(0);
  function setFilter(next: F) {
    setFilterState(next);
    setOffset(0);
  }
  return { filter, setFilter, offset, setOffset };
}
