import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** Decorative contour rings, echoing a radar sweep or a survey map; drawn in CSS-sized SVG, no image requests. */
export function BandPattern({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      className={cn(
        "pointer-events-none absolute -right-40 -top-40 -z-10 size-[40rem] text-white opacity-10 sm:-right-24",
        className,
      )}
      viewBox="0 0 400 400"
      fill="none"
      stroke="currentColor"
    >
      {[40, 80, 120, 160, 200].map((r) => (
        <circle key={r} cx="200" cy="200" r={r} strokeWidth="1.5" />
      ))}
      <path d="M200 0v400M0 200h400" strokeWidth="1" strokeDasharray="4 8" />
    </svg>
  );
}

/** The page's icon at the centre of glowing rings, shown beside the header text on large screens. */
export function BandEmblem({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <div aria-hidden="true" className="relative hidden size-72 shrink-0 items-center justify-center lg:flex">
      <span className="absolute inset-0 rounded-full bg-white/5 ring-1 ring-white/15" />
      <span className="absolute inset-10 rounded-full bg-white/5 ring-1 ring-white/20" />
      <span className="absolute inset-20 rounded-full bg-white/10 ring-1 ring-white/25" />
      <Icon className="relative size-16 text-white" strokeWidth={1.5} />
    </div>
  );
}
