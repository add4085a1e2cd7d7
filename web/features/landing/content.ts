// Copy and static data of the landing page (SPEC section 2, "Landing page"). Prices, durations, class size and
// company details are not repeated here: they come from shared/constants.ts and web/content/company.ts.
import type { CourseType } from "@shared/constants";
import type { ServiceSlug } from "@shared/routes";

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

/** The visitors SPEC section 1 names: shown in the About section. */
export const TARGET_SECTORS: readonly string[] = [
  "Government agencies",
  "Defence and police",
  "Emergency services",
  "Agriculture",
  "Environmental organisations",
  "NGOs",
  "Private security firms",
  "Research institutions",
  "Commercial enterprises",
  "Prospective pilots",
];

/** Landing-page training programme; title, price, duration and certificate come from COURSES[type]. */
export interface TrainingProgramme {
  type: CourseType;
  summary: string;
  features: readonly string[];
  isPopular: boolean;
  enrollLink: `/enroll/${CourseType}`;
}

export const TRAINING_PROGRAMMES: readonly TrainingProgramme[] = [
  {
    type: "basic",
    summary:
      "Your first step into certified flying: the theory and hands-on skills to operate a small drone safely.",
    features: [
      "Air law, airspace and CAAF regulations",
      "Meteorology and pre-flight planning",
      "Hands-on multirotor flight training",
      "Emergency procedures and safety checks",
      "Practical flight assessment",
    ],
    isPopular: false,
    enrollLink: "/enroll/basic",
  },
  {
    type: "advanced",
    summary:
      "For pilots with prior drone flying experience who are ready for complex, commercial-grade operations.",
    features: [
      "Complex mission planning and risk assessment",
      "Controlled airspace and night operation procedures",
      "Mapping, inspection and payload operations",
      "Scenario-based emergency response flying",
      "Operations manual and logbook standards",
    ],
    isPopular: true,
    enrollLink: "/enroll/advanced",
  },
  {
    type: "instructor",
    summary:
      "For experienced pilots who want to teach: pass a pre-course assessment, then learn to train others.",
    features: [
      "Pre-course flying skills assessment",
      "Instructional techniques for theory and flight",
      "Student assessment and standards",
      "Course design to the CAAF syllabus",
      "Supervised practice teaching",
    ],
    isPopular: false,
    enrollLink: "/enroll/instructor",
  },
];

export type CertificationIcon = "caaf" | "icao" | "iso" | "safety";

export interface CertificationBadge {
  title: string;
  description: string;
  icon: CertificationIcon;
}

export const CERTIFICATION_BADGES: readonly CertificationBadge[] = [
  {
    title: "CAAF Certified",
    description: "Approved by the Civil Aviation Authority of Fiji to operate and train RPAS pilots.",
    icon: "caaf",
  },
  {
    title: "ICAO Affiliated",
    description: "Training and operations aligned with International Civil Aviation Organization guidance.",
    icon: "icao",
  },
  {
    title: "ISO Compliant",
    description: "Documented quality processes that follow international ISO management standards.",
    icon: "iso",
  },
  {
    title: "Safety Certified",
    description: "A certified Safety Management System behind every flight and every class.",
    icon: "safety",
  },
];

export const TRAINING_QUALIFICATIONS: readonly string[] = [
  "CAAF Remote Pilot Training Organization",
  "Curriculum aligned with ICAO SARPs (Standards and Recommended Practices)",
  "Safety Management System certification",
  "Quality Assurance System approval",
];

export const OPERATIONAL_CERTIFICATIONS: readonly string[] = [
  "Beyond Visual Line of Sight (BVLOS) operations",
  "Night operations",
  "Operations in controlled airspace",
  "Emergency response operations",
];

export type DocumentType = "PDF" | "DOCX" | "XLSX";

/** A document of the premium portal: shown as a locked preview on the landing page and in the portal library. */
export interface PremiumDocument {
  id: string;
  title: string;
  description: string;
  type: DocumentType;
  category: string;
  level: "Premium";
  fileSize: string;
  downloadCount: number;
}

export const PREMIUM_DOCUMENTS: readonly PremiumDocument[] = [
  {
    id: "icao-rpas-manual",
    title: "ICAO Manual on RPAS (Doc 10019)",
    description:
      "The International Civil Aviation Organization's reference manual on remotely piloted aircraft systems, with our summary notes for Pacific operators.",
    type: "PDF",
    category: "ICAO Standards",
    level: "Premium",
    fileSize: "4.2 MB",
    downloadCount: 342,
  },
  {
    id: "caaf-rpas-guidance",
    title: "CAAF RPAS Regulations Guidance",
    description:
      "A plain-language guide to Civil Aviation Authority of Fiji requirements for drone registration, operator approval and pilot certification.",
    type: "PDF",
    category: "Regulatory",
    level: "Premium",
    fileSize: "2.8 MB",
    downloadCount: 289,
  },
  {
    id: "sms-template",
    title: "Safety Management System Template",
    description:
      "A ready-to-adapt SMS framework covering safety policy, hazard reporting, risk management and safety assurance.",
    type: "DOCX",
    category: "Safety",
    level: "Premium",
    fileSize: "1.6 MB",
    downloadCount: 215,
  },
  {
    id: "operations-manual-template",
    title: "RPAS Operations Manual Template",
    description:
      "A structured operations manual with standard operating procedures, crew roles and maintenance records for CAAF applications.",
    type: "DOCX",
    category: "Operations",
    level: "Premium",
    fileSize: "2.1 MB",
    downloadCount: 198,
  },
  {
    id: "risk-assessment-toolkit",
    title: "Operational Risk Assessment Toolkit",
    description:
      "Worksheets and matrices for assessing ground and air risk, with worked examples for coastal, urban and maritime flights.",
    type: "XLSX",
    category: "Safety",
    level: "Premium",
    fileSize: "1.1 MB",
    downloadCount: 176,
  },
  {
    id: "emergency-response-procedures",
    title: "Emergency Response Procedures",
    description:
      "Checklists for fly-aways, lost links, battery fires and incident reporting, plus a cyclone-season deployment plan.",
    type: "PDF",
    category: "Safety",
    level: "Premium",
    fileSize: "1.9 MB",
    downloadCount: 154,
  },
];

/** Tailwind classes for review avatars: white text on each meets WCAG AA contrast. */
export const AVATAR_COLOURS = [
  "bg-brand-700",
  "bg-ocean-700",
  "bg-brand-900",
  "bg-violet-700",
  "bg-rose-700",
] as const;

/** A client review (SPEC section 3). Reviews live only in page memory. */
export interface Review {
  id: string;
  quote: string;
  name: string;
  position: string;
  /** The avatar is a coloured circle with the reviewer's initials. */
  avatar: { initials: string; colour: (typeof AVATAR_COLOURS)[number] };
  rating: number;
  isNew?: boolean;
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

export interface FooterLink {
  label: string;
  href: string;
}

export const FOOTER_SERVICE_LINKS: readonly (FooterLink & { slug: ServiceSlug })[] = [
  { label: "Climate Change Solutions", slug: "climate-solutions", href: "/service/climate-solutions" },
  { label: "Disaster Management", slug: "disaster-management", href: "/service/disaster-management" },
  { label: "Defence Services", slug: "defence", href: "/service/defence" },
  { label: "RPAS Consultancy", slug: "rpas-consultancy", href: "/service/rpas-consultancy" },
  { label: "Training Programs", slug: "training", href: "/service/training" },
];

/** Links starting with "#" stay on the landing page; the others are routes. */
export const FOOTER_TRAINING_LINKS: readonly FooterLink[] = [
  { label: "Basic RPAS Pilot", href: "/enroll/basic" },
  { label: "Advanced RPAS Pilot", href: "/enroll/advanced" },
  { label: "Instructor Training", href: "/enroll/instructor" },
  { label: "Certification Programs", href: "#training" },
  { label: "Custom Training", href: "#contact" },
];

export interface PolicyNote {
  id: "privacy" | "terms" | "cookies";
  title: string;
  text: string;
}

export const POLICY_NOTES: readonly PolicyNote[] = [
  {
    id: "privacy",
    title: "Privacy Policy",
    text: "We collect only the details you send us through our contact, enrollment and subscription forms, and use them solely to answer your enquiry, run your course or provide portal access. We never sell your data. Ask us at any time to see, correct or delete what we hold about you.",
  },
  {
    id: "terms",
    title: "Terms of Service",
    text: "Course places are confirmed once your enrollment is accepted and fees are paid. Portal subscriptions renew monthly and can be cancelled anytime. Website content is general guidance only and does not replace current CAAF regulations or professional advice.",
  },
  {
    id: "cookies",
    title: "Cookie Policy",
    text: "This site uses only the essential cookies needed to keep you signed in to the document portal and to secure payments. We do not use advertising or third-party tracking cookies.",
  },
];
