// Paging state of the staff lists. A new filter or search always starts again at the first page.
import type { Page } from "@shared/admin";
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PAGE_SIZE } from "./api";

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

/** One page of a list the server pages (`query` for the page), within the list that `key` (filter, search) selects. */
export function usePagedQuery<T, K extends QueryKey>(
  query: (page: { limit: number; offset: number }) => UseQueryOptions<Page<T>, Error, Page<T>, K>,
  key = "",
) {
  const [offset, setOffset] = usePageOffset(key);
  const list = useListQuery(query({ limit: PAGE_SIZE, offset }));
  const items = list.data?.items ?? [];
  return { list, items, count: items.length, total: list.data?.total, offset, setOffset };
}
