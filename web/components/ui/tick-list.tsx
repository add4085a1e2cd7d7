import type { LucideIcon } from "lucide-react";
import Check from "lucide-react/icons/check";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface TickListProps {
  items: readonly string[];
  /** The mark before each item; a plain tick unless given. */
  icon?: LucideIcon;
  className?: string;
  /** Further <li> elements after the ticked items, e.g. a closing note. */
  children?: ReactNode;
}

/** A list of features or requirements, each after a teal tick. */
export function TickList({ items, icon: Icon = Check, className, children }: TickListProps) {
  return (
    <ul className={cn("space-y-2 text-sm text-slate-700", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon className="mt-0.5 size-4 shrink-0 text-ocean-700" aria-hidden="true" />
          {item}
        </li>
      ))}
      {children}
    </ul>
  );
}
