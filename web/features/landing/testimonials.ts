// The landing page's three sample testimonials and the avatar colours of every review card.

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
}

export const TESTIMONIALS: readonly Review[] = [
  {
    id: "testimonial-ndmo",
    quote:
      "After every cyclone our teams used to wait days for damage reports from the outer islands. Since training with Pacific Sky RPAS, our officers fly their own assessment missions and we have clear imagery within hours.",
    name: "Litia Vakaloloma",
    position: "Senior Disaster Risk Officer, National Disaster Management Office",
    avatar: { initials: "LV", colour: "bg-brand-700" },
    rating: 5,
  },
  {
    id: "testimonial-agriculture",
    quote:
      "The crop-health mapping across our Western Division trial farms was accurate, on time and explained in terms our extension officers could act on. A professional team from first briefing to final report.",
    name: "Sanjay Prasad",
    position: "Principal Agricultural Officer, Ministry of Agriculture",
    avatar: { initials: "SP", colour: "bg-ocean-700" },
    rating: 5,
  },
  {
    id: "testimonial-graduate",
    quote:
      "Small classes meant real time on the sticks with an instructor beside me. I passed my CAAF assessment first time and now fly survey work for a Nadi engineering firm.",
    name: "Josefa Ravuvu",
    position: "Graduate, Advanced RPAS Pilot course",
    avatar: { initials: "JR", colour: "bg-brand-900" },
    rating: 5,
  },
];
