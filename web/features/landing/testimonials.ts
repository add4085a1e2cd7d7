// The landing page's testimonials: the three first-run samples (the owner's to edit or remove in the Content view,
// ADR 058; each card says "Sample") and the client reviews featured with their authors' consent (ADR 061), both as
// the page was served with them. Also the avatar colours of every review card.
import { servedContent, withServedText } from "@shared/content/served-content";
import type { Featured } from "@shared/testimonials";

/** Tailwind classes for review avatars: white text on each meets WCAG AA contrast. */
export const AVATAR_COLOURS = [
  "bg-brand-700",
  "bg-ocean-700",
  "bg-brand-900",
  "bg-violet-700",
  "bg-rose-700",
] as const;

/** A client review as the list shows it (docs/product.md, Review form). A visitor's own new ones live in page memory. */
export interface Review {
  id: string;
  quote: string;
  name: string;
  position: string;
  /** The avatar is a coloured circle with the reviewer's initials. */
  avatar: { initials: string; colour: (typeof AVATAR_COLOURS)[number] };
  rating: number;
  isNew?: boolean;
  /** The course of the certificate its writer holds: shown as a "Verified trainee" badge. */
  verifiedCourse?: string | null;
  /** A first-run sample shipped with the site, not a client's words: the card says so. */
  sample?: boolean;
  /** A featured client's photo, given with their consent (ADR 061). */
  photo?: FeaturedPhoto | null;
}

export interface FeaturedPhoto {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

/** A client review featured on the home page, as the server serves it (server/content/published-content.ts). */
export type FeaturedTestimonial = Featured<FeaturedPhoto>;

/** "Litia Vakaloloma" -> "LV". */
export function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

export const TESTIMONIALS: readonly Review[] = withServedText("home.testimonials", [
  {
    id: "testimonial-ndmo",
    quote:
      "After every cyclone our teams used to wait days for damage reports from the outer islands. Since training with {company}, our officers fly their own assessment missions and we have clear imagery within hours.",
    name: "Litia Vakaloloma",
    sample: true,
    position: "Senior Disaster Risk Officer, National Disaster Management Office",
    avatar: { initials: "LV", colour: "bg-brand-700" },
    rating: 5,
  },
  {
    id: "testimonial-agriculture",
    quote:
      "The crop-health mapping across our Western Division trial farms was accurate, on time and explained in terms our extension officers could act on. A professional team from first briefing to final report.",
    name: "Sanjay Prasad",
    sample: true,
    position: "Principal Agricultural Officer, Ministry of Agriculture",
    avatar: { initials: "SP", colour: "bg-ocean-700" },
    rating: 5,
  },
  {
    id: "testimonial-graduate",
    quote:
      "Small classes meant real time on the sticks with an instructor beside me. I passed my CAAF assessment first time and now fly survey work for a Nadi engineering firm.",
    name: "Josefa Ravuvu",
    sample: true,
    position: "Graduate, Advanced RPAS Pilot course",
    avatar: { initials: "JR", colour: "bg-brand-900" },
    rating: 5,
  },
]);

/** The reviews featured with consent, in the order the owner featured them (filled by the server entry on the server). */
export const FEATURED_TESTIMONIALS: FeaturedTestimonial[] = [
  ...((servedContent()?.featured ?? []) as FeaturedTestimonial[]),
];

/** The initials follow a sample's edited name. */
export function renameSamples(): void {
  for (const sample of TESTIMONIALS) sample.avatar.initials = initialsOf(sample.name);
}
renameSamples();
