// Document Portal subscribers: staff grant access by hand (bank transfers), look a subscriber up by e-mail and
// revoke access. Card and M-PAiSA subscriptions are listed too, so one place answers "can this client download?".
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { adminQueries, PAGE_SIZE } from "@/lib/admin-api";
import { ListStatus } from "./list-status";
import { Pager } from "./pager";
import { GrantAccessForm } from "./subscribers-grant-form";
import { SubscribersTable } from "./subscribers-table";
import { useDebouncedValue } from "./use-debounced-value";

const SEARCH_DELAY_MS = 300;

export function SubscribersPanel() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to one search: a new search starts again at the first page.
  const [page, setPage] = useState({ q, offset: 0 });
  const offset = page.q === q ? page.offset : 0;

  const list = useQuery({
    ...adminQueries.subscribers({ q, limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];

  return (
    <section aria-labelledby="subscribers-title" className="grid gap-5">
      <h2 id="subscribers-title" className="text-xl font-semibold text-slate-900">
        Subscribers
      </h2>

      <GrantAccessForm />

      <Field id="subscriber-search" label="Search subscribers" className="max-w-md">
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id="subscriber-search"
            type="search"
            placeholder="E-mail address"
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </Field>

      <ListStatus
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={items.length === 0}
        noun="subscribers"
        emptyText={q ? "No subscribers match your search." : "No subscribers yet."}
        onRetry={() => list.refetch()}
      />
      {items.length > 0 && (
        <>
          <SubscribersTable subscribers={items} stale={list.isPlaceholderData} />
          <Pager
            label="Subscriber pages"
            offset={offset}
            limit={PAGE_SIZE}
            total={list.data?.total}
            onOffsetChange={(next) => setPage({ q, offset: next })}
          />
        </>
      )}
    </section>
  );
}
