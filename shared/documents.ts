// The portal's six premium documents (docs/product.md, Premium Document Portal): the cards show them, the server
// seeds them into the database with a small PDF each (server/portal/documents.ts), and the download URL uses the id.

export interface PortalDocument {
  /** Stable slug: the database row, the file under DATA_DIR/documents and the download URL use it. */
  id: string;
  title: string;
  description: string;
  /** Format as shown on the card. */
  type: string;
  category: string;
  level: "Premium";
  fileSize: string;
  downloadCount: number;
}

export const PORTAL_DOCUMENTS: readonly PortalDocument[] = [
  {
    id: "icao-doc-10019",
    title: "ICAO Manual on Remotely Piloted Aircraft Systems (Doc 10019)",
    description:
      "The international reference for RPAS integration: airworthiness, pilot licensing, operations, detect-and-avoid and command-and-control links, with our notes on how Fiji applies it.",
    type: "PDF Manual",
    category: "ICAO Standards",
    level: "Premium",
    fileSize: "8.4 MB",
    downloadCount: 342,
  },
  {
    id: "caaf-rpas-regulations-guide",
    title: "CAAF RPAS Regulations: Operator's Guide",
    description:
      "A plain-English guide to the Civil Aviation Authority of Fiji requirements for drone operations: operator approval, pilot certification, airspace permissions and the application process.",
    type: "Regulatory Guide",
    category: "CAAF Regulations",
    level: "Premium",
    fileSize: "2.1 MB",
    downloadCount: 518,
  },
  {
    id: "sms-manual-template",
    title: "Safety Management System (SMS) Manual Template",
    description:
      "An editable SMS manual aligned with ICAO Annex 19: safety policy, hazard identification, risk management, safety assurance and promotion, ready to adapt to your organisation.",
    type: "Editable Template",
    category: "Safety Management",
    level: "Premium",
    fileSize: "1.6 MB",
    downloadCount: 276,
  },
  {
    id: "operations-manual-template",
    title: "RPAS Operations Manual Template",
    description:
      "A complete operations manual structure covering organisation, crew duties, normal and abnormal procedures, maintenance and record keeping, written for CAAF submission.",
    type: "Editable Template",
    category: "Operations",
    level: "Premium",
    fileSize: "2.4 MB",
    downloadCount: 301,
  },
  {
    id: "risk-assessment-toolkit",
    title: "RPAS Risk Assessment Toolkit",
    description:
      "Worksheets and a worked example for operational risk assessment: ground and air risk classes, mitigations and site survey checklists for operations in Fiji and the Pacific.",
    type: "Toolkit",
    category: "Risk Management",
    level: "Premium",
    fileSize: "3.2 MB",
    downloadCount: 229,
  },
  {
    id: "emergency-response-procedures",
    title: "Emergency Response Procedures for RPAS Operations",
    description:
      "Checklists for fly-aways, lost links, battery fires, airspace incursions and accidents, including incident reporting to CAAF and coordination with emergency services.",
    type: "Procedures",
    category: "Emergency Response",
    level: "Premium",
    fileSize: "1.2 MB",
    downloadCount: 187,
  },
];
