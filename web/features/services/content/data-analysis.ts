import { withServedText } from "@shared/content/served-content";
import { BrainCircuit, ChartLine, Cpu, FileChartColumn, LockKeyhole, Sigma } from "lucide-react";
import type { AnalysisService, DetailCardsPageContent } from "./types";

export const DATA_ANALYSIS_PAGE: DetailCardsPageContent<AnalysisService> = {
  slug: "data-analysis",
  accent: "violet",
  icon: ChartLine,
  lead: "From raw imagery and sensor data to clear, decision-ready insight: processing, statistics, machine learning and reporting tailored to your programme.",
  intro: {
    heading: "Turning aerial data into decisions",
    paragraphs: [
      "A single survey flight can produce thousands of images and gigabytes of sensor data. The value lies in what you do with it. Our analysts process, interpret and report on aerial data so managers, scientists and funders get answers rather than files.",
      "We work with data from our own flights and from your existing drones, satellite imagery and field programmes, with secure handling and transparent methods that you and your auditors can follow.",
    ],
    checklist: [
      "Imagery, LiDAR and multispectral processing",
      "Statistical analysis and trend detection",
      "Machine learning detection and classification",
      "Change detection across repeat surveys",
      "Interactive dashboards and web maps",
      "Reports for technical and general readers",
    ],
  },
  highlights: [
    {
      icon: BrainCircuit,
      title: "Machine Learning, Validated",
      description:
        "Models trained on Pacific imagery and validated against field data, with accuracy reported for every deliverable.",
    },
    {
      icon: LockKeyhole,
      title: "Your Data, Protected",
      description:
        "Secure storage, access controls and clear ownership terms for sensitive government and commercial datasets.",
    },
  ],
  details: {
    heading: "Analysis services",
    description: "What each service does and what you receive at the end of it.",
    lists: [
      { label: "Features", key: "features" },
      { label: "Outputs", key: "outputs" },
    ],
    items: [
      {
        icon: Cpu,
        title: "Data Processing",
        description:
          "Calibration, stitching and quality control of raw imagery, LiDAR and multispectral data into consistent, analysis-ready datasets.",
        features: [
          "Radiometric and geometric correction",
          "Point cloud classification",
          "Automated quality checks",
        ],
        outputs: [
          "Orthomosaics and elevation models",
          "Calibrated multispectral layers",
          "Classified point clouds",
        ],
      },
      {
        icon: Sigma,
        title: "Statistical Analysis",
        description:
          "Rigorous statistics that quantify trends, variability and change, so conclusions stand up to funders and regulators.",
        features: [
          "Trend and time-series analysis",
          "Sampling design and significance tests",
          "Spatial statistics and hotspots",
        ],
        outputs: [
          "Change statistics and trend summaries",
          "Confidence intervals and error budgets",
          "Analysis-ready tables",
        ],
      },
      {
        icon: BrainCircuit,
        title: "Machine Learning",
        description:
          "Trained models that detect, count and classify features such as buildings, crops, trees, vessels and damage across large areas.",
        features: [
          "Object detection and counting",
          "Land cover and crop classification",
          "Damage and change detection",
        ],
        outputs: [
          "Feature counts and inventories",
          "Classified maps with accuracy reports",
          "Model performance summaries",
        ],
      },
      {
        icon: FileChartColumn,
        title: "Reporting & Visualisation",
        description:
          "Reports, dashboards and web maps that present findings clearly for executives, technical teams and communities.",
        features: ["Executive and technical reports", "Interactive dashboards", "Web maps and data portals"],
        outputs: ["PDF reports and briefing notes", "Dashboards and web maps", "GIS and spreadsheet exports"],
      },
    ],
  },
  metrics: {
    heading: "Analytics by the numbers",
    description: "Quality and breadth figures from our analysis and reporting work.",
    items: [
      {
        metric: "Model Accuracy",
        value: "99%+",
        description:
          "For trained detection models on validated project datasets, reported with every delivery.",
      },
      {
        metric: "Report Types",
        value: "50+",
        description:
          "Report templates for agriculture, environment, infrastructure, disaster and security work.",
      },
      {
        metric: "First Results",
        value: "72 hours",
        description: "Typical time from receiving your data to first analysis results on standard projects.",
      },
      {
        metric: "Data Ownership",
        value: "100%",
        description:
          "You own your data and results; nothing is shared or reused without your written consent.",
      },
    ],
  },
  closing: {
    heading: "Find out what your data can tell you",
    description:
      "Share a sample dataset or describe the question you need answered. We will show you what is possible, how long it will take and what it will cost.",
    emailLabel: "Data Consultation",
    emailSubject: "Data Analysis Consultation Request",
    contactLabel: "Analytics Demo",
  },
};

// The owner's published wording of this page (the Content view, ADR 058).
withServedText("services.data-analysis", DATA_ANALYSIS_PAGE, "page");
