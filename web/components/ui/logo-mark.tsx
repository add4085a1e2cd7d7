import { BRAND, pictureImage } from "@shared/brand";
import { cn } from "@/lib/utils";

/** The mark's height in CSS pixels (size-9): an uploaded logo is drawn this tall, its width following its shape. */
const MARK_HEIGHT = 36;

/**
 * The company's mark: the owner's uploaded logo when Settings has one (ADR 060), else the quadcopter drawing (the
 * same as favicon.svg, inline so no page needs an image request).
 */
export function LogoMark({ className }: { className?: string }) {
  const logo = BRAND.logo;
  if (logo) {
    const shownWidth = Math.round((MARK_HEIGHT * logo.width) / logo.height);
    const { alt, ...image } = pictureImage(logo, `${shownWidth}px`);
    return (
      <img
        {...image}
        alt={alt}
        decoding="async"
        className={cn("h-9 w-auto max-w-40 shrink-0 object-contain", className)}
      />
    );
  }
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
