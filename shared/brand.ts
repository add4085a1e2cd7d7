// The owner's logo and hero picture as the pages show them (ADR 060): each an <img> with its alt text, its sized
// WebP copies for `srcset`, and its size (so the page keeps its place while the picture loads). Like COMPANY, BRAND
// is one object the server fills before it renders and the browser fills from the page's details block before its
// first render (shared/served-details.ts), so both sides draw the same markup. Kept free of zod: every page loads it.
import { servedSiteDetails } from "./served-details";

export const MEDIA_KINDS = ["logo", "hero", "testimonial"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** One stored size of a picture, served at `url` (/media/<content hash>.webp). */
export interface MediaVariant {
  url: string;
  width: number;
  height: number;
}

/** A picture as a page needs it; `width` and `height` are the largest variant's. */
export interface Picture {
  mediaId: number;
  alt: string;
  width: number;
  height: number;
  /** Smallest first. */
  variants: MediaVariant[];
}

export interface Brand {
  logo: Picture | null;
  hero: Picture | null;
  /** The share image's address (/og/<hash>.png), or null while the built og-image.png still fits. */
  shareImage: string | null;
}

export const SEEDED_BRAND: Brand = { logo: null, hero: null, shareImage: null };

export const BRAND: Brand = { ...SEEDED_BRAND };

const served = (servedSiteDetails() as { brand?: Brand } | null)?.brand;
if (served) Object.assign(BRAND, served);

/** The attributes of an <img> showing `picture` at `sizes` (a CSS length or a sizes list). */
export function pictureImage(picture: Picture, sizes: string) {
  const largest = picture.variants[picture.variants.length - 1];
  return {
    src: largest?.url ?? "",
    srcSet: picture.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", "),
    sizes,
    width: picture.width,
    height: picture.height,
    alt: picture.alt,
  };
}
