// Every staff table: a labelled region with a hidden caption, a row of column headings, and one row per item whose
// cells the columns describe (heading, what the cell shows, how it reads).
import type { ComponentProps, ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export interface Column<T> {
  heading: string;
  /** What the cell shows for one row. */
  cell: (row: T) => ReactNode;
  /** The cell's classes besides the padding every cell has; see CELL. */
  className?: string;
  /** The cell names its row (a <th scope="row">), e.g. the e-mail address or the payment reference. */
  rowHeader?: boolean;
}

/** How the usual cells read: body text, kept on one line, or an emphasised figure. */
export const CELL = {
  text: "text-slate-700",
  nowrap: "whitespace-nowrap text-slate-700",
  strong: "whitespace-nowrap font-medium text-slate-900",
  /** Badges and buttons: their own colours, on one line. */
  controls: "whitespace-nowrap",
} as const;

/** The last column of a table whose rows have their own buttons. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): Column<T> {
  return { heading: "Actions", className: CELL.controls, cell };
}

/** What a table is, apart from its rows: declared once beside the screen that shows it. */
export interface TableSpec<T> {
  /** Names the region, e.g. "Subscribers list". */
  label: string;
  caption: string;
  rowKey: (row: T) => string | number;
  /** Attributes of a row's <tr>, e.g. marking the row a link points at. */
  rowProps?: (row: T) => ComponentProps<"tr">;
  columns: readonly Column<T>[];
}

interface StaffTableProps<T> {
  spec: TableSpec<T>;
  rows: readonly T[];
  /** While the next page or search loads, the rows shown are the previous ones. */
  stale?: boolean;
}

export function StaffTable<T>({ spec, rows, stale }: StaffTableProps<T>) {
  const { label, caption, rowKey, rowProps, columns } = spec;
  return (
    // Focusable so keyboard users can scroll the table sideways on a narrow screen; "relative" keeps the cells'
    // hidden labels (absolutely placed) inside the scroll, or they would widen the whole page on a phone.
    <Card
      role="region"
      aria-label={label}
      aria-busy={stale}
      tabIndex={0}
      className={cn("relative overflow-x-auto", stale && "opacity-60")}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map(({ heading }) => (
              <th key={heading} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map(({ heading, cell, className, rowHeader }) =>
                rowHeader ? (
                  <th key={heading} scope="row" className={cn("px-4 py-3", className)}>
                    {cell(row)}
                  </th>
                ) : (
                  <td key={heading} className={cn("px-4 py-3", className)}>
                    {cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
