import { CircleCheck } from "lucide-react";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";

interface ChecklistProps {
  items: readonly string[];
  /** Two columns from the small breakpoint up. */
  columns?: 1 | 2;
  size?: "sm" | "md";
  className?: string;
}

export function Checklist({ items, columns = 1, size = "md", className }: ChecklistProps) {
  const accent = useAccent();
  return (
    <ul
      className={cn(
        "grid",
        size === "md" ? "gap-3 text-base text-slate-700" : "gap-2 text-sm text-slate-700",
        columns === 2 && "sm:grid-cols-2 sm:gap-x-8",
        className,
      )}
    >
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <CircleCheck
            className={cn("mt-0.5 shrink-0", size === "md" ? "size-5" : "size-4", accent.icon)}
            aria-hidden="true"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
