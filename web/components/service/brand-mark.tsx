/** The company's quadcopter mark (same artwork as favicon.svg), inline so it costs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={className}>
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
