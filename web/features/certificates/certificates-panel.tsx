// The dashboard's Certificates view: the pass rates per intake, then every certificate issued (each version, newest
// first), searched by number, holder name or e-mail and filtered by course, year of issue and status, a page at a
// time; the CSV takes the same filters. Each row downloads its PDF, and a current one can be reissued or revoked.

import { formatCalendarDate, formatIntakeDates } from "@shared/calendar-dates";
import { CERTIFICATE_STATUSES, type CertificateStatus, STATUS_LABELS } from "@shared/certificates";
import { COURSE_TYPES, type CourseType } from "@shared/constants";
import { fijiToday } from "@shared/fiji-time";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FilterSelect } from "@/features/staff/filter-select";
import { courseTitle } from "@/features/staff/format";
import { PagedList } from "@/features/staff/paged-list";
import { SearchField, useSearch } from "@/features/staff/search-field";
import { StaffSection } from "@/features/staff/staff-section";
import { actionsColumn, CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { usePagedQuery } from "@/features/staff/use-pages";
import { type Certificate, type CertificateFilter, certificateQueries, exportCsvUrl } from "./api";
import { CertificateActions } from "./certificate-actions";
import { expiryText, numberText, StatusBadge } from "./certificate-text";
import { PassRates } from "./pass-rates";

const secondLine = "block text-xs font-normal text-slate-600";

const TABLE: TableSpec<Certificate> = {
  label: "Certificates list",
  caption: "Certificates issued, newest first",
  rowKey: (certificate) => certificate.id,
  columns: [
    // "(version 2)" may wrap under the number, which stays on one line.
    {
      heading: "Number",
      rowHeader: true,
      className: "min-w-36 font-medium text-slate-900",
      cell: numberText,
    },
    {
      heading: "Holder",
      className: `min-w-44 ${CELL.text}`,
      cell: (certificate) => (
        <>
          <span className="font-medium text-slate-900">{certificate.holderName}</span>
          <span className={`${secondLine} break-all`}>{certificate.email}</span>
        </>
      ),
    },
    { heading: "Course", className: CELL.nowrap, cell: (certificate) => courseTitle(certificate.courseType) },
    {
      heading: "Intake",
      className: CELL.text,
      cell: (certificate) => (
        <>
          <span className="whitespace-nowrap">{formatIntakeDates(certificate)}</span>
          <span className={secondLine}>{certificate.location}</span>
        </>
      ),
    },
    {
      heading: "Issued",
      className: CELL.nowrap,
      cell: (certificate) => formatCalendarDate(certificate.issuedOn),
    },
    { heading: "Expires", className: CELL.nowrap, cell: expiryText },
    {
      heading: "Status",
      className: CELL.controls,
      cell: (certificate) => <StatusBadge status={certificate.status} />,
    },
    actionsColumn((certificate) => <CertificateActions certificate={certificate} />),
  ],
};

const ALL = "all";
type Choice<T extends string> = T | typeof ALL;
const allOr = <T extends string>(choice: Choice<T>) => (choice === ALL ? undefined : choice);

const options = <T extends string>(values: readonly T[], label: (value: T) => string, allLabel: string) => [
  { value: ALL as Choice<T>, label: allLabel },
  ...values.map((value) => ({ value: value as Choice<T>, label: label(value) })),
];

const COURSE_OPTIONS = options(COURSE_TYPES, courseTitle, "All courses");
const STATUS_OPTIONS = options(CERTIFICATE_STATUSES, (status) => STATUS_LABELS[status], "All statuses");
/** This year and the five before it: certificates are issued from 2026 on. */
const thisYear = Number(fijiToday().slice(0, 4));
const YEARS = Array.from({ length: 6 }, (_, back) => String(thisYear - back));
const YEAR_OPTIONS = options(YEARS, (year) => year, "All years");

export function CertificatesPanel() {
  const { search, setSearch, q } = useSearch();
  const [course, setCourse] = useState<Choice<CourseType>>(ALL);
  const [year, setYear] = useState<Choice<string>>(ALL);
  const [status, setStatus] = useState<Choice<CertificateStatus>>(ALL);
  const filter: CertificateFilter = { q, course: allOr(course), year: allOr(year), status: allOr(status) };
  // A new search or filter starts again at the first page.
  const paged = usePagedQuery(
    (page) => certificateQueries.list({ ...filter, ...page }),
    JSON.stringify(filter),
  );
  const filtered = Boolean(q || filter.course || filter.year || filter.status);
  return (
    <StaffSection
      id="certificates"
      title="Certificates"
      aside={
        <Button asChild variant="outline" size="sm">
          <a href={exportCsvUrl(filter)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      }
    >
      <PassRates />
      <div className="grid gap-4">
        <SearchField
          id="certificate-search"
          label="Search certificates"
          placeholder="Number, name or e-mail"
          value={search}
          onChange={setSearch}
        />
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <FilterSelect
            id="certificates-course"
            label="Course"
            value={course}
            options={COURSE_OPTIONS}
            onChange={setCourse}
          />
          <FilterSelect
            id="certificates-year"
            label="Year"
            value={year}
            options={YEAR_OPTIONS}
            onChange={setYear}
          />
          <FilterSelect
            id="certificates-status"
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            onChange={setStatus}
          />
        </div>
      </div>
      <PagedList
        paged={paged}
        noun="certificates"
        emptyText={filtered ? "No certificates match." : "No certificates issued yet."}
        pagerLabel="Certificate pages"
      >
        <StaffTable spec={TABLE} rows={paged.items} stale={paged.list.isPlaceholderData} />
      </PagedList>
    </StaffSection>
  );
}
