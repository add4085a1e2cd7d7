// Copy and static data of the landing page (docs/product.md, Landing page); testimonials and footer links are in
// testimonials.ts and footer-links.ts. Prices, durations, class size and
// company details are not repeated here: they come from shared/constants.ts and web/content/company.ts.
import { type CourseType, REPLY_WITHIN_HOURS } from "@shared/constants";
import { withServedText } from "@shared/content/served-content";

export { SECTION_IDS, type SectionId, type SectionKey } from "./sections";

import type { SectionKey } from "./sections";

// Every text below is the seeded first version of a content section the owner edits in the Content view (ADR 058):
// wrapped in withServedText, it takes the published wording the page was served with before anything renders.

/** The About section's own heading, paragraphs and the three things the company does. */
export const ABOUT_TEXT = withServedText(
  "home.about",
  {
    eyebrow: "About us",
    title: "Pacific aviation expertise, built for Pacific conditions",
    paragraphs: [
      "{company} is a Fiji-based remotely piloted aircraft systems (RPAS) company certified by the Civil Aviation Authority of Fiji (CAAF). Our pilots, instructors and analysts bring decades of combined aviation, emergency management and geospatial experience to every project.",
      "We understand island logistics, cyclone seasons and maritime distances, so the training we deliver and the operations we fly are shaped for the realities of Fiji and our Pacific neighbours.",
    ],
    pillars: [
      { title: "Train", text: "CAAF certified courses that take pilots from first flight to instructor." },
      {
        title: "Advise",
        text: "Regulatory, safety and operational consultancy for new and growing drone programmes.",
      },
      {
        title: "Deliver",
        text: "Aerial missions for disaster response, climate monitoring, defence and mapping.",
      },
    ],
    sectorsHeading: "Who we work with",
  },
  "text",
);

/** The eyebrow, title and intro that open a landing section (About writes its own, beside its image). */
export const SECTION_HEADINGS: Partial<
  Record<SectionKey, { eyebrow: string; title: string; intro: string }>
> = withServedText("home.headings", {
  services: {
    eyebrow: "What we do",
    title: "Our Services",
    intro:
      "From regulatory advice to mission delivery, we help Pacific organisations put drones to work safely, legally and effectively.",
  },
  training: {
    eyebrow: "CAAF certified training",
    title: "Training Programmes",
    intro:
      "Learn to fly professionally with instructors who fly for a living. Every course combines classroom theory with practical flight training and ends with a recognised CAAF certificate.",
  },
  documents: {
    eyebrow: "Resources",
    title: "Premium Document Portal",
    intro:
      "ICAO guidance, regulatory documents and safety templates, curated for RPAS operators in Fiji and the Pacific. Subscribers get full access and downloads.",
  },
  reviews: {
    eyebrow: "Client reviews",
    title: "What Our Clients Say",
    intro:
      "Government agencies, farmers, researchers and pilots across Fiji trust us with their training and their missions.",
  },
  contact: {
    eyebrow: "Contact",
    title: "Get In Touch",
    intro: `Planning a drone programme, a training intake or an urgent mission? Send us a message and our team will reply within ${REPLY_WITHIN_HOURS} hours.`,
  },
  certifications: {
    eyebrow: "Certified & accountable",
    title: "Certifications",
    intro:
      "Aviation is built on trust. Our approvals and management systems are independently assessed, so you can rely on the way we train, fly and handle your data.",
  },
});

/** The kinds of visitors the company serves (docs/product.md, Who it is for): shown in the About section. */
export const TARGET_SECTORS: readonly string[] = withServedText(
  "home.about",
  [
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
  ],
  "sectors",
);

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
for (const programme of TRAINING_PROGRAMMES) withServedText(`courses.${programme.type}`, programme, "home");

export type CertificationIcon = "caaf" | "icao" | "iso" | "safety";

export interface CertificationBadge {
  title: string;
  description: string;
  icon: CertificationIcon;
}

export const CERTIFICATION_BADGES: readonly CertificationBadge[] = withServedText(
  "home.certifications",
  [
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
  ],
  "badges",
);

export const TRAINING_QUALIFICATIONS: readonly string[] = withServedText(
  "home.certifications",
  [
    "CAAF Remote Pilot Training Organization",
    "Curriculum aligned with ICAO SARPs (Standards and Recommended Practices)",
    "Safety Management System certification",
    "Quality Assurance System approval",
  ],
  "training",
);

export const OPERATIONAL_CERTIFICATIONS: readonly string[] = withServedText(
  "home.certifications",
  [
    "Beyond Visual Line of Sight (BVLOS) operations",
    "Night operations",
    "Operations in controlled airspace",
    "Emergency response operations",
  ],
  "operations",
);

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
