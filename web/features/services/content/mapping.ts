import { withServedText } from "@shared/content/served-content";
import { Box, Camera, Crosshair, Layers, MapIcon, Ruler } from "lucide-react";
import type { DetailCardsPageContent, MappingService } from "./types";

export const MAPPING_PAGE: DetailCardsPageContent<MappingService> = {
  slug: "mapping",
  accent: "indigo",
  icon: MapIcon,
  lead: "Survey-grade aerial mapping, photogrammetry and 3D models for land development, infrastructure, agriculture and planning, delivered as data your engineers and GIS teams can use immediately.",
  intro: {
    heading: "Accurate spatial data, faster and safer than ground survey alone",
    paragraphs: [
      "Ground survey of steep terrain, mangroves, river crossings and large estates is slow and sometimes unsafe. Our aircraft capture millions of measured points in a single flight, tied to surveyed ground control, and turn them into orthophotos, terrain models and 3D meshes.",
      "Outputs are delivered in the Fiji Map Grid or the international coordinate system you specify, in formats that load directly into CAD, GIS and BIM software, together with an accuracy report for every project.",
    ],
    checklist: [
      "Orthomosaic maps and aerial photography",
      "Topographic and contour surveys",
      "Digital terrain and surface models",
      "Stockpile and earthworks volumes",
      "3D models of buildings and structures",
      "GIS-ready data in your coordinate system",
    ],
  },
  highlights: [
    {
      icon: Ruler,
      title: "Survey-Grade Accuracy",
      description:
        "RTK/PPK positioning and surveyed ground control points deliver accuracy suitable for engineering design and land planning.",
    },
    {
      icon: Layers,
      title: "Ready for Your Software",
      description:
        "Deliverables in GeoTIFF, LAS/LAZ, DWG/DXF, Shapefile and OBJ formats, with full metadata and an accuracy report.",
    },
  ],
  details: {
    heading: "Mapping and surveying services",
    description: "Specifications and typical applications for each of our core mapping products.",
    lists: [
      { label: "Specifications", key: "specifications" },
      { label: "Applications", key: "applications" },
    ],
    items: [
      {
        icon: Camera,
        title: "Aerial Photogrammetry",
        description:
          "High-resolution orthomosaics stitched from overlapping imagery, corrected for terrain and georeferenced for measurement and planning.",
        specifications: ["1-5 cm ground resolution", "±10 cm horizontal accuracy", "Up to 500 ha per flight"],
        applications: [
          "Land development and subdivision",
          "Agricultural and estate mapping",
          "Construction progress monitoring",
        ],
      },
      {
        icon: Crosshair,
        title: "Precision Surveying",
        description:
          "Topographic surveys and elevation models for engineering design, drainage and earthworks, tied to surveyed ground control.",
        specifications: [
          "±15 cm vertical accuracy",
          "RTK/PPK positioning with ground control",
          "Contours at 0.5 m intervals",
        ],
        applications: [
          "Road, drainage and civil design",
          "Stockpile and earthworks volumes",
          "Flood and catchment studies",
        ],
      },
      {
        icon: Box,
        title: "3D Modelling",
        description:
          "Detailed 3D meshes and point clouds of buildings, terrain and structures for inspection, design and visualisation.",
        specifications: [
          "Dense photogrammetric point clouds",
          "Textured 3D mesh models",
          "OBJ, FBX and LAS/LAZ exports",
        ],
        applications: [
          "Heritage and building records",
          "Telecommunications and utility inspection",
          "Resort and property visualisation",
        ],
      },
      {
        icon: Layers,
        title: "GIS Data Services",
        description:
          "Classified, attributed GIS layers built from aerial data and integrated with your existing spatial datasets.",
        specifications: [
          "Fiji Map Grid or WGS 84 coordinates",
          "Shapefile, GeoPackage and GeoTIFF",
          "24-48 hour delivery for standard projects",
        ],
        applications: [
          "Asset and infrastructure registers",
          "Land use and boundary planning",
          "Environmental and hazard mapping",
        ],
      },
    ],
  },
  metrics: {
    heading: "Technical specifications",
    description: "The accuracy, coverage and turnaround you can expect from a standard mapping project.",
    items: [
      {
        metric: "Ground Resolution",
        value: "1-5 cm",
        description: "Per pixel, depending on flight height and the level of detail the project needs.",
      },
      {
        metric: "Horizontal Accuracy",
        value: "±10 cm",
        description: "With ±15 cm vertical accuracy, both verified against surveyed checkpoints.",
      },
      {
        metric: "Coverage per Flight",
        value: "Up to 500 ha",
        description: "Captured in a single flight with fixed-wing mapping aircraft.",
      },
      {
        metric: "Data Delivery",
        value: "24-48 hours",
        description: "Turnaround for standard orthomosaic and survey deliverables.",
      },
    ],
  },
  closing: {
    heading: "Get a quote for your survey",
    description:
      "Send us your site location, its approximate area and the deliverables you need. We will recommend the right method and provide a fixed quote.",
    emailLabel: "Request Quote",
    emailSubject: "Mapping & Surveying Quote Request",
    contactLabel: "Technical Consultation",
  },
};

// The owner's published wording of this page (the Content view, ADR 058).
withServedText("services.mapping", MAPPING_PAGE, "page");
