// The frame every staff table shares: a labelled region with a hidden caption and a row of column headings.
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

interface StaffTableProps {
  /** Names the region, e.g. "Subscribers list". */
  label: string;
  caption: string;
  headings: readonly string[];
  /** While the next page or search loads, the rows shown are the previous ones. */
  stale?: boolean;
  /** The table's rows. */
  children: ReactNode;
}

export function StaffTable({ label, caption, headings, stale, children }: StaffTableProps) {
  return (
    // Focusable so keyboard users can scroll the table sideways on a narrow screen.
    <Card
      role="region"
      aria-label={label}
      aria-busy={stale}
      tabIndex={0}
      className={cn("overflow-x-auto", stale && "opacity-60")}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </Card>
  );
}
