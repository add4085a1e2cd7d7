import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Checklist } from "./checklist";
import { IconTile } from "./icon-tile";

interface ListCardProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  items: readonly string[];
}

/** A titled checklist in a card, e.g. the consultancy deliverables. */
export function ListCard({ icon, title, description, items }: ListCardProps) {
  return (
    <Card className="h-full rounded-2xl p-6 sm:p-8">
      <div className="flex items-center gap-4">
        <IconTile icon={icon} />
        <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
      </div>
      {description && <p className="mt-4 leading-7 text-slate-600">{description}</p>}
      <Checklist items={items} className="mt-6" />
    </Card>
  );
}
