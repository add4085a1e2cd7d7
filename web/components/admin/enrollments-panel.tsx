// The enrollment list: tabs with counts (SPEC section 2), a debounced search by name or e-mail, and paging so the
// page stays fast with thousands of enrollments.
import { ENROLLMENT_TABS, type EnrollmentSummary, type EnrollmentTab } from "@shared/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { adminQueries, PAGE_SIZE } from "@/lib/admin-api";
import { cn } from "@/lib/utils";
import { EnrollmentActions } from "./enrollment-actions";
import { EnrollmentCard } from "./enrollment-card";
import { ListStatus } from "./list-status";
import { Pager } from "./pager";
import { useDebouncedValue } from "./use-debounced-value";

const SEARCH_DELAY_MS = 300;

const TAB_LABELS: Record<EnrollmentTab, string> = {
  all: "All",
  pending: "Pending",
  basic: "Basic",
  advanced: "Advanced",
  instructor: "Instructor",
};

function countFor(summary: EnrollmentSummary | undefined, tab: EnrollmentTab): number | undefined {
  if (!summary) return undefined;
  return tab === "all" ? summary.total : summary[tab];
}

export function EnrollmentsPanel() {
  const [tab, setTab] = useState<EnrollmentTab>("all");
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The page belongs to one tab and search: a new filter starts again at the first page.
  const filter = `${tab}\n${q}`;
  const [page, setPage] = useState({ filter, offset: 0 });
  const offset = page.filter === filter ? page.offset : 0;

  const summary = useQuery(adminQueries.summary(q));
  const list = useQuery({
    ...adminQueries.enrollments({ tab, q, limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data ?? [];
  const total = countFor(summary.data, tab);

  return (
    <section aria-labelledby="enrollments-title" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="enrollments-title" className="text-xl font-semibold text-slate-900">
          Enrollments
        </h2>
        <EnrollmentActions />
      </div>

      <Field id="enrollment-search" label="Search enrollments" className="max-w-md">
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id="enrollment-search"
            type="search"
            placeholder="Name or e-mail"
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </Field>

      <Tabs value={tab} onValueChange={(value) => setTab(value as EnrollmentTab)}>
        <TabsList aria-label="Enrollment filters">
          {ENROLLMENT_TABS.map((value) => {
            const count = countFor(summary.data, value);
            return (
              <TabsTrigger key={value} value={value}>
                {TAB_LABELS[value]}
                {count !== undefined && ` (${count.toLocaleString("en-FJ")})`}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {ENROLLMENT_TABS.map((value) => (
          <TabsContent key={value} value={value} className="grid gap-4">
            <ListStatus
              isPending={list.isPending}
              isError={list.isError}
              isEmpty={rows.length === 0}
              noun="enrollments"
              emptyText={q ? "No enrollments match your search." : "No enrollments here yet."}
              onRetry={() => list.refetch()}
            />
            {rows.length > 0 && (
              <>
                <ul
                  aria-label={`${TAB_LABELS[value]} enrollments`}
                  aria-busy={list.isPlaceholderData}
                  className={cn("grid gap-4", list.isPlaceholderData && "opacity-60")}
                >
                  {rows.map((enrollment) => (
                    <li key={enrollment.id}>
                      <EnrollmentCard enrollment={enrollment} />
                    </li>
                  ))}
                </ul>
                <Pager
                  label="Enrollment pages"
                  offset={offset}
                  limit={PAGE_SIZE}
                  total={total}
                  onOffsetChange={(next) => setPage({ filter, offset: next })}
                />
              </>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
