// The list the staff item cards sit in (enrollments, messages, reviews, e-mails, spam): one <li> an item.
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface ItemListProps<T> {
  /** Names the list, e.g. "Contact messages". */
  label: string;
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  /** While the next page or search loads, the items shown are the previous ones. */
  stale?: boolean;
}

export function ItemList<T extends { id: number }>({ label, items, renderItem, stale }: ItemListProps<T>) {
  return (
    <ul aria-label={label} aria-busy={stale} className={cn("grid grid-cols-1 gap-4", stale && "opacity-60")}>
      {items.map((item) => (
        <li key={item.id}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
