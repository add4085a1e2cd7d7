import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";
import { Checklist } from "./checklist";
import { IconTile } from "./icon-tile";

export interface DetailFact {
  icon: LucideIcon;
  label: string;
  value: string;
  /** Shown as a large figure, e.g. a response time. */
  prominent?: boolean;
}

export interface DetailList {
  label: string;
  items: readonly string[];
}

interface DetailCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Short label/value pairs such as response time and coverage. */
  facts?: readonly DetailFact[];
  /** Labelled bullet lists such as specifications and applications. */
  lists?: readonly DetailList[];
}

export function DetailCard({ icon, title, description, facts, lists }: DetailCardProps) {
  const accent = useAccent();
  return (
    <Card className="flex h-full flex-col rounded-2xl p-6 sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <IconTile icon={icon} />
        <div>
          <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{description}</p>
        </div>
      </div>
      {facts && facts.length > 0 && (
        <dl className="mt-6 grid gap-3 sm:grid-cols-[2fr_3fr]">
          {facts.map(({ icon: Icon, label, value, prominent }) => (
            <div key={label} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <Icon className={cn("size-4", accent.icon)} aria-hidden="true" />
                {label}
              </dt>
              <dd
                className={cn(
                  "mt-1.5",
                  prominent
                    ? ["text-2xl font-bold tracking-tight", accent.value]
                    : "text-sm font-medium text-slate-800",
                )}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {lists && lists.length > 0 && (
        <div
          className={cn(
            "mt-6 grid gap-6 border-t border-slate-200 pt-6",
            lists.length > 1 && "sm:grid-cols-2",
          )}
        >
          {lists.map((list) => (
            <div key={list.label}>
              <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-900">{list.label}</h4>
              <Checklist items={list.items} size="sm" className="mt-3" />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
