// Shapes of the static service-page content (SPEC section 3, "Static display entities on service pages").
// Every page shares the frame below; each page adds its own kind of detail card.
import type { ServiceSlug } from "@shared/routes";
import type { LucideIcon } from "lucide-react";

/** Colour family of a page's header band and accents; the class names live in components/service/accents.ts. */
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

/** A service described by a few bullet points (consultancy workstreams, climate monitoring). */
export interface FeatureService {
  icon: LucideIcon;
  title: string;
  description: string;
  points: readonly string[];
}

export interface ConsultationStep {
  step: number;
  title: string;
  description: string;
  duration: string;
}

export interface DisasterService {
  icon: LucideIcon;
  title: string;
  description: string;
  responseTime: string;
  coverage: string;
}

export interface DefenceService {
  icon: LucideIcon;
  title: string;
  description: string;
  features: readonly string[];
  clients: readonly string[];
}

export interface MappingService {
  icon: LucideIcon;
  title: string;
  description: string;
  specifications: readonly string[];
  applications: readonly string[];
}

export interface AnalysisService {
  icon: LucideIcon;
  title: string;
  description: string;
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
