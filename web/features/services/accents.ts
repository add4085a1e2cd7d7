// One colour family per service page. Class names are written out in full so Tailwind finds them; every text
// pairing meets WCAG AA (white on the -700..-950 band shades, -700/-800 text on white and -50 tints).
import { createContext, useContext } from "react";
import type { ServiceAccentName } from "@/features/services/content/types";

export interface AccentClasses {
  /** Dark gradient of the header band and the closing card (white text on top). */
  band: string;
  /** Icon tile: tinted background with a dark icon. */
  tile: string;
  /** Checkmarks and small decorative icons on white. */
  icon: string;
  /** Highlight card tint. */
  tint: string;
  /** Large figures and prices on white. */
  value: string;
  /** Top rule of metric cards and the ring of a featured card. */
  rule: string;
  ring: string;
  /** Solid call-to-action on white. */
  solid: string;
  /** Text of the white button on the dark band. */
  onWhite: string;
}

export const ACCENTS: Record<ServiceAccentName, AccentClasses> = {
  navy: {
    band: "bg-linear-to-br from-brand-950 via-brand-900 to-brand-700",
    tile: "bg-brand-100 text-brand-800",
    icon: "text-brand-700",
    tint: "border-brand-100 bg-brand-50",
    value: "text-brand-800",
    rule: "border-t-brand-700",
    ring: "ring-brand-700",
    solid: "bg-brand-700 text-white hover:bg-brand-800",
    onWhite: "text-brand-900",
  },
  teal: {
    band: "bg-linear-to-br from-brand-950 via-teal-900 to-ocean-700",
    tile: "bg-ocean-100 text-ocean-700",
    icon: "text-ocean-700",
    tint: "border-ocean-100 bg-ocean-50",
    value: "text-ocean-700",
    rule: "border-t-ocean-700",
    ring: "ring-ocean-700",
    solid: "bg-ocean-700 text-white hover:bg-teal-800",
    onWhite: "text-teal-900",
  },
  emerald: {
    band: "bg-linear-to-br from-emerald-950 via-emerald-900 to-teal-800",
    tile: "bg-emerald-100 text-emerald-800",
    icon: "text-emerald-700",
    tint: "border-emerald-100 bg-emerald-50",
    value: "text-emerald-800",
    rule: "border-t-emerald-700",
    ring: "ring-emerald-700",
    solid: "bg-emerald-700 text-white hover:bg-emerald-800",
    onWhite: "text-emerald-900",
  },
  crimson: {
    band: "bg-linear-to-br from-red-950 via-red-900 to-orange-800",
    tile: "bg-red-100 text-red-800",
    icon: "text-red-700",
    tint: "border-red-100 bg-red-50",
    value: "text-red-800",
    rule: "border-t-red-700",
    ring: "ring-red-700",
    solid: "bg-red-700 text-white hover:bg-red-800",
    onWhite: "text-red-900",
  },
  slate: {
    band: "bg-linear-to-br from-slate-950 via-slate-900 to-slate-700",
    tile: "bg-slate-200 text-slate-800",
    icon: "text-slate-700",
    tint: "border-slate-200 bg-slate-100",
    value: "text-slate-900",
    rule: "border-t-slate-800",
    ring: "ring-slate-800",
    solid: "bg-slate-800 text-white hover:bg-slate-900",
    onWhite: "text-slate-900",
  },
  indigo: {
    band: "bg-linear-to-br from-indigo-950 via-indigo-900 to-sky-800",
    tile: "bg-indigo-100 text-indigo-800",
    icon: "text-indigo-700",
    tint: "border-indigo-100 bg-indigo-50",
    value: "text-indigo-800",
    rule: "border-t-indigo-700",
    ring: "ring-indigo-700",
    solid: "bg-indigo-700 text-white hover:bg-indigo-800",
    onWhite: "text-indigo-900",
  },
  violet: {
    band: "bg-linear-to-br from-violet-950 via-violet-900 to-fuchsia-800",
    tile: "bg-violet-100 text-violet-800",
    icon: "text-violet-700",
    tint: "border-violet-100 bg-violet-50",
    value: "text-violet-800",
    rule: "border-t-violet-700",
    ring: "ring-violet-700",
    solid: "bg-violet-700 text-white hover:bg-violet-800",
    onWhite: "text-violet-900",
  },
};

export const AccentContext = createContext<AccentClasses>(ACCENTS.navy);

export function useAccent(): AccentClasses {
  return useContext(AccentContext);
}
