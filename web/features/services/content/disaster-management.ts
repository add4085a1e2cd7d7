import { withServedText } from "@shared/content/served-content";
import { Droplets, MapPinned, RadioTower, Search, Siren, Timer, Zap } from "lucide-react";
import type { DetailCardsPageContent, DisasterService } from "./types";

export const DISASTER_PAGE: DetailCardsPageContent<DisasterService> = {
  slug: "disaster-management",
  accent: "crimson",
  icon: Siren,
  lead: "Rapid aerial intelligence before, during and after cyclones, floods and other emergencies, so responders can see the full picture and act on it within hours.",
  intro: {
    heading: "Situational awareness when every hour counts",
    paragraphs: [
      "Fiji faces tropical cyclones, flooding, landslides and storm surge every wet season. In the first hours after an event roads are cut, communications are down and decision-makers need to know where the damage is and who needs help. Drones reach affected areas quickly and safely, and return imagery that teams can act on straight away.",
      "We work alongside national and divisional emergency operations, humanitarian partners and utilities, with activation plans agreed in advance, crews on standby through the cyclone season and data formats that slot into existing response systems.",
    ],
    checklist: [
      "Pre-season preparedness and activation agreements",
      "Damage assessment within hours of an event",
      "Flood extent mapping and river monitoring",
      "Temporary communications for cut-off areas",
      "Thermal search and rescue support",
      "Recovery and reconstruction surveys",
    ],
  },
  highlights: [
    {
      icon: Siren,
      title: "Crews on Standby",
      description:
        "Trained crews and pre-packed equipment stand by throughout the November to April cyclone season, ready to deploy by road, sea or air.",
    },
    {
      icon: MapPinned,
      title: "Imagery Responders Can Use",
      description:
        "Georeferenced maps and damage reports in formats that load straight into emergency operations centres and humanitarian mapping platforms.",
    },
  ],
  details: {
    heading: "Emergency response services",
    description:
      "Four capabilities that can be activated individually or together, with response times measured from activation by the requesting agency.",
    facts: [
      { icon: Timer, label: "Response time", key: "responseTime", prominent: true },
      { icon: MapPinned, label: "Coverage", key: "coverage" },
    ],
    items: [
      {
        icon: Zap,
        title: "Rapid Response Assessment",
        description:
          "Aerial damage assessment of communities, roads, bridges and critical infrastructure after cyclones, earthquakes and landslides, with prioritised findings for responders.",
        responseTime: "2-4 hours",
        coverage: "Viti Levu, Vanua Levu and outer islands by sea or air transfer",
      },
      {
        icon: Droplets,
        title: "Flood Monitoring",
        description:
          "Near real-time flood extent mapping and river observation across major catchments, helping authorities time evacuations and target relief supplies.",
        responseTime: "1-2 hours",
        coverage: "Major catchments including the Rewa, Navua, Sigatoka, Nadi and Ba rivers",
      },
      {
        icon: RadioTower,
        title: "Communication Support",
        description:
          "Airborne radio relay that restores temporary voice and data links for isolated communities and field teams while permanent networks are repaired.",
        responseTime: "30 minutes",
        coverage: "Relay links for affected districts, evacuation centres and field teams",
      },
      {
        icon: Search,
        title: "Search and Rescue",
        description:
          "Thermal and high-zoom cameras that search land, rivers and coastal waters by day or night, guiding rescuers to people in need.",
        responseTime: "15 minutes",
        coverage: "Land, rivers and near-shore waters, day and night",
      },
    ],
  },
  metrics: {
    heading: "Ready when disaster strikes",
    description: "Response and capability figures that emergency planners can build into their operations.",
    items: [
      {
        metric: "Response Time",
        value: "Under 2 hours",
        description: "From activation to first imagery for most incidents on Viti Levu and Vanua Levu.",
      },
      {
        metric: "Operational Range",
        value: "500+ km",
        description: "Deployment range from our Suva base by road, sea and air, including outer islands.",
      },
      {
        metric: "Flight Endurance",
        value: "6+ hours",
        description: "Of continuous airborne coverage per mission with long-endurance aircraft.",
      },
      {
        metric: "Season Standby",
        value: "24/7",
        description: "Crews and equipment on call around the clock from November to April.",
      },
    ],
  },
  closing: {
    heading: "Be ready before the next cyclone",
    description:
      "We help agencies, councils and businesses put activation agreements, crews and data workflows in place before the season starts, so help arrives in hours, not days.",
    emailLabel: "Emergency Planning",
    emailSubject: "Emergency Response Planning Enquiry",
    contactLabel: "24/7 Hotline Setup",
    note: "In a life-threatening emergency, always call 911 first.",
  },
};

// The owner's published wording of this page (the Content view, ADR 058).
withServedText("services.disaster-management", DISASTER_PAGE, "page");
