// Shapes of the static service-page content (docs/product.md, Service pages): steps, figures and detail cards.
// Every page shares the frame below; each page adds its own kind of detail card.
import type { ServiceSlug } from "@shared/routes";
import type { LucideIcon } from "lucide-react";
import type { KeysWithValue } from "@/lib/utils";

/** Colour family of a page's header band and accents; the class names live in features/services/accents.ts. */
export type ServiceAccentName = "navy" | "teal" | "emerald" | "crimson" | "slate" | "indigo" | "violet";

export interface Highlight {
  icon: LucideIcon;
  title: string;
  description: string;
}

export interface MetricCard {
  metric: string;
  value: string;
  description: string;
}

export type MetricRow = readonly [MetricCard, MetricCard, MetricCard, MetricCard];

export interface ClosingContent {
  heading: string;
  description: string;
  /** Label of the mailto link to COMPANY.supportEmail. */
  emailLabel: string;
  emailSubject: string;
  /** Label of the link to /#contact. */
  contactLabel: string;
  note?: string;
}

export interface DetailsContent<TItem> {
  heading: string;
  description: string;
  items: readonly TItem[];
}

/** What every detail card shows first: an icon, a <h3> title and a description. */
export interface DetailItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** A labelled checklist on every card of a page, read from one list field of the item. */
export interface DetailListSpec<TItem> {
  label: string;
  key: KeysWithValue<TItem, readonly string[]>;
}

/** A labelled value on every card of a page, read from one text field of the item. */
export interface DetailFactSpec<TItem> {
  icon: LucideIcon;
  label: string;
  key: KeysWithValue<TItem, string>;
  /** Shown as a large figure, e.g. a response time. */
  prominent?: boolean;
}

/** Detail cards whose page declares which of the item's fields each card shows, and under which labels. */
export interface DetailCardsContent<TItem extends DetailItem> extends DetailsContent<TItem> {
  lists?: readonly DetailListSpec<TItem>[];
  facts?: readonly DetailFactSpec<TItem>[];
}

export interface ServicePageContent<TItem> {
  slug: ServiceSlug;
  accent: ServiceAccentName;
  icon: LucideIcon;
  /** Longer introduction under the <h1> in the header band. */
  lead: string;
  intro: {
    heading: string;
    paragraphs: readonly string[];
    checklist: readonly string[];
  };
  highlights: readonly [Highlight, Highlight];
  details: DetailsContent<TItem>;
  metrics: { heading: string; description: string; items: MetricRow };
  closing: ClosingContent;
}

/** A service page whose own section is a grid of detail cards (every page but training). */
export type DetailCardsPageContent<TItem extends DetailItem> = ServicePageContent<TItem> & {
  details: DetailCardsContent<TItem>;
};

/** A service described by a few bullet points (consultancy workstreams, climate monitoring). */
export interface FeatureService extends DetailItem {
  points: readonly string[];
}

export interface ConsultationStep {
  step: number;
  title: string;
  description: string;
  duration: string;
}

export interface DisasterService extends DetailItem {
  responseTime: string;
  coverage: string;
}

export interface DefenceService extends DetailItem {
  features: readonly string[];
  clients: readonly string[];
}

export interface MappingService extends DetailItem {
  specifications: readonly string[];
  applications: readonly string[];
}

export interface AnalysisService extends DetailItem {
  features: readonly string[];
  outputs: readonly string[];
}

export interface TrainingCourse {
  title: string;
  duration: string;
  price: string;
  description: string;
  modules: readonly string[];
  requirements: readonly string[];
  certification: string;
  prerequisite?: string;
  isPopular?: boolean;
}
