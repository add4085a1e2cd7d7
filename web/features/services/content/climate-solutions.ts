import { withServedText } from "@shared/content/served-content";
import { BadgeCheck, CloudSun, Fish, Leaf, Trees, Waves } from "lucide-react";
import type { DetailCardsPageContent, FeatureService } from "./types";

export const CLIMATE_PAGE: DetailCardsPageContent<FeatureService> = {
  slug: "climate-solutions",
  accent: "emerald",
  icon: Leaf,
  lead: "Repeatable, high-resolution aerial monitoring that turns climate change in the Pacific from anecdote into evidence: measured coastlines, mapped forests and surveyed reefs.",
  intro: {
    heading: "Evidence for adaptation, measured from the air",
    paragraphs: [
      "Rising seas, stronger cyclones and warmer oceans are already reshaping Fiji's coastlines, forests and reefs. Communities, ministries and donors need accurate, repeatable measurements to decide where to build seawalls, replant mangroves or move infrastructure, and to show that funded projects are working.",
      "We fly the same sites on a fixed schedule with survey-grade positioning, so every dataset can be compared with the last. Results arrive as maps, change reports and GIS layers that planners, scientists and village committees can use straight away.",
    ],
    checklist: [
      "Shoreline change and erosion measurement",
      "Mangrove and forest cover mapping",
      "Coral reef and lagoon health surveys",
      "Flood and storm-surge exposure mapping",
      "Baselines for climate finance reporting",
      "Clear maps and briefings for communities",
    ],
  },
  highlights: [
    {
      icon: Waves,
      title: "Built for Island Coastlines",
      description:
        "Our aircraft launch from beaches, boats and village greens, reaching remote coasts in the Yasawas, Lau and Kadavu without the cost of crewed aircraft.",
    },
    {
      icon: BadgeCheck,
      title: "Data That Supports Funding",
      description:
        "Repeatable baselines and change measurements, formatted for the reporting requirements of ministries, donors and climate funds.",
    },
  ],
  details: {
    heading: "Monitoring services",
    description:
      "Four monitoring programmes that can run on their own or together, from a one-off baseline survey to multi-year change tracking.",
    lists: [{ label: "What we measure", key: "points" }],
    items: [
      {
        icon: Waves,
        title: "Coastal Monitoring",
        description:
          "High-resolution orthomosaics and elevation models of beaches, seawalls and estuaries, flown on a repeat schedule to measure erosion, accretion and storm damage.",
        points: [
          "Shoreline position and erosion rates",
          "Beach profile and sand volume change",
          "Seawall and foreshore condition surveys",
        ],
      },
      {
        icon: Trees,
        title: "Forest Monitoring",
        description:
          "Canopy mapping of native forest, plantations and mangroves to track cover, health and regrowth, supporting restoration and carbon projects.",
        points: [
          "Mangrove extent and health mapping",
          "Multispectral vegetation health indices",
          "Replanting survival assessments",
        ],
      },
      {
        icon: Fish,
        title: "Marine Monitoring",
        description:
          "Low-altitude surveys of reef flats, lagoons and seagrass beds that record bleaching, habitat extent and change over time for marine managers.",
        points: [
          "Coral bleaching observation",
          "Reef flat and seagrass habitat maps",
          "Support for locally managed marine areas",
        ],
      },
      {
        icon: CloudSun,
        title: "Climate Monitoring",
        description:
          "Thermal and multispectral flights and terrain models that capture heat, flood and exposure data for risk assessments and adaptation plans.",
        points: [
          "Thermal and multispectral surveys",
          "Flood and storm-surge exposure models",
          "Assessments of sites for village relocation",
        ],
      },
    ],
  },
  metrics: {
    heading: "Monitoring at scale",
    description: "Coverage and quality figures from our environmental monitoring work across Fiji.",
    items: [
      {
        metric: "Coastline Monitored",
        value: "500+ km",
        description: "Of Fijian coastline mapped and re-surveyed for erosion and change detection.",
      },
      {
        metric: "Forest Mapped",
        value: "10,000+ ha",
        description: "Of native forest, plantation and mangrove mapped for cover and health.",
      },
      {
        metric: "Reef Sites Surveyed",
        value: "50+",
        description: "Reef and lagoon monitoring sites surveyed across Fiji's main island groups.",
      },
      {
        metric: "Classification Accuracy",
        value: "98%+",
        description: "Of mapped land and habitat classes confirmed by field checks on the ground.",
      },
    ],
  },
  closing: {
    heading: "Start measuring what is changing",
    description:
      "Whether you are planning coastal protection, reporting on a climate grant or managing a marine area, we will design a monitoring programme around your sites and budget.",
    emailLabel: "Request Assessment",
    emailSubject: "Climate Monitoring Assessment Request",
    contactLabel: "Schedule Consultation",
  },
};

// The owner's published wording of this page (the Content view, ADR 058).
withServedText("services.climate-solutions", CLIMATE_PAGE, "page");
