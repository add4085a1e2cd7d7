// A radio group drawn as tiles: native radios, so Tab reaches the group and the arrow keys move the choice.
import { CircleCheck, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export interface TileOption<T extends string> {
  value: T;
  label: string;
  description: string;
  icon: LucideIcon;
}

interface OptionTilesProps<T extends string> {
  name: string;
  legend: ReactNode;
  options: readonly TileOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /**
   * Every pick of a tile, the chosen one included (a click, or the arrow keys, which browsers report as a click),
   * for an answer that must come each time, not only on a change.
   */
  onActivate?: (value: T) => void;
  className?: string;
}

export function OptionTiles<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  onActivate,
  className,
}: OptionTilesProps<T>) {
  return (
    <fieldset className={className}>
      <legend className="mb-4">{legend}</legend>
      <div className={cn("grid gap-3", options.length === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {options.map((option) => {
          const Icon = option.icon;
          const id = `${name}-${option.value}`;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                "relative flex cursor-pointer items-center gap-3 rounded-xl border-2 bg-white p-4 transition-colors sm:flex-col sm:items-start sm:gap-2",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-slate-300",
              )}
            >
              <input
                type="radio"
                id={id}
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                onClick={() => onActivate?.(option.value)}
                aria-describedby={`${id}-description`}
                className="sr-only"
              />
              <span
                className={cn(
                  "flex size-10 shrink-0 items-center justify-center rounded-lg",
                  checked ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700",
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{option.label}</span>
                <span id={`${id}-description`} className="mt-0.5 block text-sm text-slate-600 sm:mt-1">
                  {option.description}
                </span>
              </span>
              <CircleCheck
                className={cn(
                  "size-5 shrink-0 text-brand-700 sm:absolute sm:right-4 sm:top-4",
                  checked ? "opacity-100" : "opacity-0",
                )}
                aria-hidden="true"
              />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
