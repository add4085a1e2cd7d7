// The landing page's section ids and its header's links: what the header and the hero need before any section
// below them has loaded (the rest of the page's copy is in content.ts, loaded with those sections, ADR 047).

/** Section ids of the landing page, in page order: the header, hero and quick actions scroll to these. */
export const SECTION_IDS = {
  home: "home",
  about: "about",
  services: "services",
  training: "training",
  certifications: "certifications",
  documents: "documents",
  reviews: "client-reviews",
  contact: "contact",
} as const;
export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

export type SectionKey = keyof typeof SECTION_IDS;

export interface NavItem {
  label: string;
  target: SectionId;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Services", target: SECTION_IDS.services },
  { label: "Training", target: SECTION_IDS.training },
  { label: "Documents", target: SECTION_IDS.documents },
  { label: "Contact", target: SECTION_IDS.contact },
];
