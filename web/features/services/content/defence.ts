import { withServedText } from "@shared/content/served-content";
import { Binoculars, LifeBuoy, Lock, Shield, ShieldHalf, Ship } from "lucide-react";
import type { DefenceService, DetailCardsPageContent } from "./types";

export const DEFENCE_PAGE: DetailCardsPageContent<DefenceService> = {
  slug: "defence",
  accent: "slate",
  icon: ShieldHalf,
  lead: "Secure, discreet RPAS capability for defence, police, customs and border agencies: from persistent maritime surveillance to real-time tactical intelligence.",
  intro: {
    heading: "Persistent awareness across land and sea",
    paragraphs: [
      "Fiji's exclusive economic zone covers about 1.3 million square kilometres of ocean around more than 300 islands. Protecting borders, fisheries and communities across that area with crewed aircraft and patrol vessels alone is costly and slow. RPAS extend the reach of security agencies at a fraction of the cost, without putting crews at risk.",
      "We provide security-vetted crews, secure data handling and mission planning that fits your command structure, whether you need a turnkey surveillance service or help building an in-house capability.",
    ],
    checklist: [
      "Security-vetted pilots and analysts",
      "Encrypted data links and secure storage",
      "Day, night and thermal surveillance",
      "Integration with command and control",
      "Operator training for in-house capability",
      "Strict confidentiality on every tasking",
    ],
  },
  highlights: [
    {
      icon: Lock,
      title: "Secure by Design",
      description:
        "Encrypted links, controlled data storage and vetted personnel protect sensitive operations from mission planning through to archive.",
    },
    {
      icon: Ship,
      title: "Built for the Maritime Domain",
      description:
        "Long-endurance aircraft suited to patrolling reefs, passages and fishing grounds across Fiji's exclusive economic zone.",
    },
  ],
  details: {
    heading: "Defence and security services",
    description:
      "Capabilities delivered as a managed service or as part of a programme to build your own RPAS unit.",
    lists: [
      { label: "Capabilities", key: "features" },
      { label: "Who it serves", key: "clients" },
    ],
    items: [
      {
        icon: Shield,
        title: "Border Security",
        description:
          "Persistent surveillance of coastlines, ports of entry and remote landing points to detect and track unauthorised activity.",
        features: [
          "Coastline and port perimeter patrols",
          "Day and thermal night imaging",
          "Live video to command posts",
        ],
        clients: ["Border and immigration agencies", "Customs and revenue services", "Port authorities"],
      },
      {
        icon: LifeBuoy,
        title: "Search and Rescue",
        description:
          "Rapid aerial search over land and sea using thermal sensors and live video, coordinated with rescue vessels and ground teams.",
        features: [
          "Thermal detection of people in water",
          "Systematic search patterns",
          "Live positions sent to rescuers",
        ],
        clients: ["Naval and coast guard units", "Police search teams", "Maritime rescue coordinators"],
      },
      {
        icon: Ship,
        title: "Maritime Surveillance",
        description:
          "Long-endurance patrols of fishing grounds, reefs and shipping lanes that support fisheries enforcement and maritime domain awareness.",
        features: [
          "Vessel detection and identification",
          "Evidence capture for illegal fishing",
          "Patrol reports with positions and imagery",
        ],
        clients: ["Naval forces", "Fisheries enforcement officers", "Maritime safety authorities"],
      },
      {
        icon: Binoculars,
        title: "Tactical Intelligence",
        description:
          "Real-time overwatch and imagery analysis that gives commanders an accurate picture of the ground during operations and exercises.",
        features: [
          "Live overwatch for ground operations",
          "Rapid imagery analysis and briefings",
          "Secure mapping of areas of interest",
        ],
        clients: ["Defence forces", "Police tactical units", "Peacekeeping training programmes"],
      },
    ],
  },
  metrics: {
    heading: "Operational capability",
    description: "Readiness, endurance and reach for missions across Fiji's land and maritime territory.",
    items: [
      {
        metric: "Response Time",
        value: "< 30 min",
        description: "From tasking to aircraft airborne for crews on standby.",
      },
      {
        metric: "Flight Endurance",
        value: "12+ hours",
        description: "Of persistent surveillance from long-endurance fixed-wing aircraft.",
      },
      {
        metric: "Maritime Coverage",
        value: "1.3M km²",
        description: "Fiji's exclusive economic zone, covered through planned offshore patrol missions.",
      },
      {
        metric: "Vetted Crews",
        value: "100%",
        description: "Of defence mission crews are security-vetted and bound by confidentiality agreements.",
      },
    ],
  },
  closing: {
    heading: "Discuss your requirements in confidence",
    description:
      "Contact us to arrange a confidential briefing. We can meet at your facility and sign non-disclosure agreements before any operational detail is shared.",
    emailLabel: "Secure Consultation",
    emailSubject: "Defence Services Consultation Request",
    contactLabel: "Request Briefing",
  },
};

// The owner's published wording of this page (the Content view, ADR 058).
withServedText("services.defence", DEFENCE_PAGE, "page");
