// The 'X' in the corner of a dialog or a toast. Radix's own Close parts wrap it (asChild), so it dismisses them.
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export function CloseButton({ className, ...props }: ComponentProps<"button">) {
  return (
    <button type="button" aria-label="Close" className={cn("absolute rounded-md p-1", className)} {...props}>
      <X className="size-4" aria-hidden="true" />
    </button>
  );
}
