import { cn } from "@/lib/utils";

/** The quadcopter mark of the favicon, drawn inline so the landing page ships no image requests. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={cn("size-9 shrink-0 rounded-[22%]", className)}
    >
      <rect width="64" height="64" rx="14" fill="#0f2a5c" />
      <g fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round">
        <path d="M20 20l24 24M44 20L20 44" />
      </g>
      <g fill="#2dd4bf">
        <circle cx="18" cy="18" r="7" />
        <circle cx="46" cy="18" r="7" />
        <circle cx="18" cy="46" r="7" />
        <circle cx="46" cy="46" r="7" />
      </g>
      <circle cx="32" cy="32" r="7" fill="#fbbf24" />
    </svg>
  );
}

/** Mark plus wordmark; `tone` picks text colours that keep AA contrast on light or dark backgrounds. */
export function Wordmark({
  name,
  tagline,
  tone = "light",
}: {
  name: string;
  tagline: string;
  tone?: "light" | "dark";
}) {
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark className={tone === "dark" ? "ring-1 ring-white/25" : undefined} />
      <span className="flex flex-col text-left leading-tight">
        <span
          className={cn(
            "text-base font-bold tracking-tight",
            tone === "light" ? "text-brand-950" : "text-white",
          )}
        >
          {name}
        </span>
        <span className={cn("text-xs font-medium", tone === "light" ? "text-ocean-700" : "text-ocean-100")}>
          {tagline}
        </span>
      </span>
    </span>
  );
}
