import { cn } from "@/lib/utils";

/** The company's quadcopter mark, the same drawing as favicon.svg, inline so no page needs an image request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={cn("size-9 shrink-0", className)}
    >
      <rect width="64" height="64" rx="14" fill="#0f2a5c" />
      <path d="M20 20l24 24M44 20L20 44" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
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
