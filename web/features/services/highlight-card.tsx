import type { Highlight } from "@/features/services/content/types";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";
import { IconTile } from "./icon-tile";

export function HighlightCard({ icon, title, description }: Highlight) {
  const accent = useAccent();
  return (
    <div className={cn("flex gap-4 rounded-2xl border p-6", accent.tint)}>
      <IconTile icon={icon} className="bg-white shadow-sm" />
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
        <p className="mt-1.5 text-sm leading-6 text-slate-700">{description}</p>
      </div>
    </div>
  );
}
