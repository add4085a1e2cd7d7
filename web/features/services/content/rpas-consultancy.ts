import { STATS } from "@shared/constants";
import { withServedText } from "@shared/content/served-content";
import {
  Building2,
  ClipboardList,
  FileCheck,
  GraduationCap,
  Headset,
  PackageCheck,
  Route,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
} from "lucide-react";
import type { ConsultationStep, DetailCardsPageContent, FeatureService } from "./types";

const [experience, pilots, projects, partners] = STATS;

export const CONSULTANCY_PAGE: DetailCardsPageContent<FeatureService> = {
  slug: "rpas-consultancy",
  accent: "navy",
  icon: ClipboardList,
  lead: "Independent, regulator-ready advice for organisations starting or scaling drone operations in Fiji and across the Pacific: from the first conversation with CAAF to a fully documented, audit-ready programme.",
  intro: {
    heading: "Build a drone programme that regulators, insurers and your board can trust",
    paragraphs: [
      "Drones are now everyday tools for survey, inspection, emergency response and security, but every operation in Fiji sits within the framework of the Civil Aviation Authority of Fiji (CAAF). Getting approvals, documentation and training right the first time saves months of delay and protects your people, your aircraft and your reputation.",
      "Our consultants are experienced aviators and RPAS operators who have guided ministries, utilities and private firms through the approval process. We work alongside your team, leave you with documentation you own, and stay on hand after you start flying.",
    ],
    checklist: [
      "CAAF operator approvals and permissions",
      "Operations manuals and standard operating procedures",
      "Safety management and risk assessment",
      "Aircraft and payload selection for your missions",
      "Crew training and competency planning",
      "Audit preparation and ongoing compliance",
    ],
  },
  highlights: [
    {
      icon: ShieldCheck,
      title: "Regulator-Ready from Day One",
      description:
        "We know what CAAF expects to see and help you submit a complete, well-evidenced application the first time, avoiding costly back-and-forth.",
    },
    {
      icon: Route,
      title: "Scaled to Your Operation",
      description:
        "Advice sized to your mission, whether you are a single-aircraft survey business or a ministry running fleets across several islands.",
    },
  ],
  details: {
    heading: "Our consultancy services",
    description:
      "Six workstreams that can be engaged together as a complete programme or individually where you need targeted help.",
    lists: [{ label: "Includes", key: "points" }],
    items: [
      {
        icon: FileCheck,
        title: "Regulatory Compliance",
        description:
          "A gap analysis against CAAF requirements, preparation of your operator approval application and liaison with the authority until approval is granted.",
        points: ["CAAF approval applications", "Airspace authorisation support", "Regulatory gap analysis"],
      },
      {
        icon: Route,
        title: "Implementation Roadmap",
        description:
          "A phased plan that takes you from concept to routine operations, with budgets, milestones, fleet recommendations and clear ownership of each task.",
        points: [
          "Phased milestones and budget",
          "Aircraft and payload selection",
          "Data management planning",
        ],
      },
      {
        icon: ScrollText,
        title: "Standard Operating Procedures",
        description:
          "Operations manuals, checklists and SOPs written for your aircraft, your sites and your people, covering normal, abnormal and emergency procedures.",
        points: [
          "Operations manual",
          "Pre-flight and post-flight checklists",
          "Emergency and lost-link procedures",
        ],
      },
      {
        icon: ShieldAlert,
        title: "Risk Assessment Framework",
        description:
          "A practical safety management framework with hazard registers, site risk assessments and mitigation controls that stand up to audit.",
        points: [
          "Hazard identification and registers",
          "Site-specific risk assessments",
          "Incident reporting and review",
        ],
      },
      {
        icon: GraduationCap,
        title: "Training Recommendations",
        description:
          "A training needs analysis for pilots, observers and managers, mapped to CAAF certification pathways and recurrent currency requirements.",
        points: ["Training needs analysis", "Pilot certification pathways", "Recurrent training schedules"],
      },
      {
        icon: Headset,
        title: "Ongoing Support",
        description:
          "Continued advice once you are flying: regulatory updates, internal audits, incident reviews and help as your operations expand into new missions.",
        points: [
          "Regulatory update briefings",
          "Internal compliance audits",
          "Support for new mission types",
        ],
      },
    ],
  },
  metrics: {
    heading: "Experience you can rely on",
    description:
      "The track record behind every engagement, built with government, defence and industry clients.",
    items: [
      {
        metric: experience.label,
        value: experience.value,
        description: "Of aviation, RPAS operations and regulatory work across Fiji and the wider Pacific.",
      },
      {
        metric: pilots.label,
        value: pilots.value,
        description:
          "Certified pilots now flying for the government, emergency services and private operators.",
      },
      {
        metric: projects.label,
        value: projects.value,
        description:
          "Consultancy and operational projects delivered, from single sites to national programmes.",
      },
      {
        metric: partners.label,
        value: partners.value,
        description:
          "Ministries, agencies and statutory bodies supported with approvals, procedures and training.",
      },
    ],
  },
  closing: {
    heading: "Ready to plan your drone programme?",
    description:
      "Tell us about your organisation and the missions you have in mind. We will arrange an initial consultation and outline a practical path to compliant, safe operations.",
    emailLabel: "Email Consultation",
    emailSubject: "RPAS Consultancy Enquiry",
    contactLabel: "Request Callback",
  },
};

export const CONSULTANCY_DELIVERABLES = {
  icon: PackageCheck,
  title: "Deliverables",
  description: "Documents and plans you keep and own at the end of the engagement.",
  items: [
    "Regulatory gap analysis report",
    "Completed CAAF approval application pack",
    "Operations manual tailored to your organisation",
    "Standard operating procedures and checklists",
    "Risk assessment framework and hazard register",
    "Emergency response and incident reporting procedures",
    "Training needs analysis and crew development plan",
    "Implementation roadmap with milestones and budget",
  ],
} as const;

export const CONSULTANCY_INDUSTRIES = {
  icon: Building2,
  title: "Industries We Serve",
  description: "Sectors across Fiji and the Pacific that rely on our advice to fly safely and legally.",
  items: [
    "Government ministries and statutory bodies",
    "Defence, police and border agencies",
    "Emergency services and disaster management",
    "Agriculture, sugar cane and forestry",
    "Environmental and conservation organisations",
    "Utilities, telecommunications and infrastructure",
    "Construction, mining and land development",
    "Tourism, media and resort operators",
    "Research institutions and universities",
    "NGOs and development partners",
  ],
} as const;

export const CONSULTATION_STEPS: readonly ConsultationStep[] = [
  {
    step: 1,
    title: "Initial Consultation & Assessment",
    description:
      "We meet your team, review your current capability and planned missions, and identify the regulatory, safety and operational gaps to close.",
    duration: "1-2 weeks",
  },
  {
    step: 2,
    title: "Strategy & Documentation",
    description:
      "We agree the roadmap and draft your operations manual, SOPs and risk framework, reviewing each document with your team as it is written.",
    duration: "2-3 weeks",
  },
  {
    step: 3,
    title: "Implementation & Approval",
    description:
      "We lodge your CAAF applications, support crew training and trial flights, and answer the authority's questions through to approval.",
    duration: "4-8 weeks",
  },
  {
    step: 4,
    title: "Handover & Ongoing Support",
    description:
      "We hand over the complete documentation set, brief your managers and agree a support plan for audits, updates and new missions.",
    duration: "1-2 weeks",
  },
];

// The owner's published wording of this page (the Content view, ADR 058).
withServedText("services.rpas-consultancy", CONSULTANCY_PAGE, "page");
withServedText("services.rpas-consultancy", CONSULTANCY_DELIVERABLES, "deliverables");
withServedText("services.rpas-consultancy", CONSULTANCY_INDUSTRIES, "industries");
withServedText("services.rpas-consultancy", CONSULTATION_STEPS, "steps");
