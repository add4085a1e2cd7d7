import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";

export function IconTile({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  const accent = useAccent();
  return (
    <span
      className={cn("flex size-12 shrink-0 items-center justify-center rounded-xl", accent.tile, className)}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
