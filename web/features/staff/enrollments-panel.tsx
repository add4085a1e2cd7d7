// The enrollment list: tabs with counts (All, Pending and each course), a debounced search by name or e-mail, and
// paging so the page stays fast with thousands of enrollments.
import { ENROLLMENT_TABS, type EnrollmentSummary, type EnrollmentTab } from "@shared/admin";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { adminQueries, PAGE_SIZE } from "@/features/staff/api";
import { EnrollmentActions } from "./enrollment-actions";
import { EnrollmentCard } from "./enrollment-card";
import { ItemList } from "./item-list";
import { PagedList } from "./paged-list";
import { SearchField, useSearch } from "./search-field";
import { StaffSection } from "./staff-section";
import { useListQuery, usePageOffset } from "./use-pages";

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
  const { search, setSearch, q } = useSearch();
  // The page belongs to one tab and search.
  const [offset, setOffset] = usePageOffset(`${tab}\n${q}`);

  const summary = useQuery(adminQueries.summary(q));
  const list = useListQuery(adminQueries.enrollments({ tab, q, limit: PAGE_SIZE, offset }));
  const rows = list.data ?? [];
  const total = countFor(summary.data, tab);

  return (
    <StaffSection id="enrollments" title="Enrollments" aside={<EnrollmentActions />}>
      <SearchField
        id="enrollment-search"
        label="Search enrollments"
        placeholder="Name or e-mail"
        value={search}
        onChange={setSearch}
      />

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
            <PagedList
              paged={{ list, count: rows.length, total, offset, setOffset }}
              noun="enrollments"
              emptyText={q ? "No enrollments match your search." : "No enrollments here yet."}
              pagerLabel="Enrollment pages"
            >
              <ItemList
                label={`${TAB_LABELS[value]} enrollments`}
                items={rows}
                renderItem={(enrollment) => <EnrollmentCard enrollment={enrollment} />}
                stale={list.isPlaceholderData}
              />
            </PagedList>
          </TabsContent>
        ))}
      </Tabs>
    </StaffSection>
  );
}
