// What the site still says only because it shipped saying it (docs/product.md, Sample content): the first-run
// testimonials, headline figures and certification claims, and the starting documents whose file is still the
// sample. GET /api/admin/sample-content lists them for the owner; a public server logs them at start.
import * as z from "zod/mini";
import { STATS } from "./constants";

export const SAMPLE_KINDS = ["testimonial", "figure", "claim", "document"] as const;
export type SampleKind = (typeof SAMPLE_KINDS)[number];

/** A first-run text as it was shipped: `value` is the seeded wording the page shows until the owner changes it. */
export interface SeededText {
  id: string;
  kind: Exclude<SampleKind, "document">;
  /** Where a visitor reads it. */
  where: string;
  value: string;
}

/**
 * The seeded wording of each text (the web modules that render it are checked against these values by
 * web/features/landing/sample-content.test.ts, so this list cannot fall behind what the pages show).
 */
export const SEEDED_TEXTS: readonly SeededText[] = [
  {
    id: "testimonial-ndmo",
    kind: "testimonial",
    where: "Home page, testimonials",
    value: "Litia Vakaloloma",
  },
  {
    id: "testimonial-agriculture",
    kind: "testimonial",
    where: "Home page, testimonials",
    value: "Sanjay Prasad",
  },
  {
    id: "testimonial-graduate",
    kind: "testimonial",
    where: "Home page, testimonials",
    value: "Josefa Ravuvu",
  },
  ...STATS.map(
    (stat): SeededText => ({
      id: `stat-${stat.label.toLowerCase().replace(/\W+/g, "-")}`,
      kind: "figure",
      where: "Home page, headline figures",
      value: `${stat.value} ${stat.label}`,
    }),
  ),
  {
    id: "training-students",
    kind: "figure",
    where: "Training page, outcomes",
    value: "500+ Students Trained",
  },
  { id: "training-pass-rate", kind: "figure", where: "Training page, outcomes", value: "95%+ Pass Rate" },
  { id: "training-rating", kind: "figure", where: "Training page, outcomes", value: "4.9/5 Student Rating" },
  { id: "portal-documents", kind: "figure", where: "Document Portal, stat cards", value: "50+ Documents" },
  { id: "portal-downloads", kind: "figure", where: "Document Portal, stat cards", value: "1.2K+ Downloads" },
  { id: "disaster-base", kind: "claim", where: "Disaster management page", value: "our Suva base" },
  { id: "claim-caaf", kind: "claim", where: "Home page, certifications", value: "CAAF Certified" },
  { id: "claim-icao", kind: "claim", where: "Home page, certifications", value: "ICAO Affiliated" },
  { id: "claim-iso", kind: "claim", where: "Home page, certifications", value: "ISO Compliant" },
  { id: "claim-safety", kind: "claim", where: "Home page, certifications", value: "Safety Certified" },
];

/** What the owner does about each kind, in plain words. */
export const SAMPLE_ACTIONS: Record<SampleKind, string> = {
  testimonial:
    "A first-run sample testimonial shipped with the site, not a client's words. Replace it with a review a client agreed to have featured, or remove it, in the Content view.",
  figure:
    "A first-run sample figure shipped with the site. Replace it with your own figure, or remove it, in the Content view.",
  claim:
    "A first-run sample claim shipped with the site. Keep it only if your company holds it; change or remove it in the Content view.",
  document:
    "A sample file shipped with the site: a one-page placeholder, not the document its card describes. Subscribers cannot download it until you upload the real file in the Library (Replace file).",
};

export const SampleItemSchema = z.object({
  id: z.string(),
  kind: z.enum(SAMPLE_KINDS),
  /** What it says ("Litia Vakaloloma", "100+ Pilots Trained", a document's title). */
  label: z.string(),
  where: z.string(),
  action: z.string(),
});
export type SampleItem = z.infer<typeof SampleItemSchema>;

/** GET /api/admin/sample-content (staff only). */
export const SampleContentSchema = z.object({ items: z.array(SampleItemSchema) });
export type SampleContent = z.infer<typeof SampleContentSchema>;
