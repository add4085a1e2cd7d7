// The premium document portal's library preview and headline figures (docs/product.md, Premium Document Portal).
// Six hard-coded documents, all Premium; a subscription unlocks the downloads.

export const PORTAL_STATS = [
  { value: "50+", label: "Documents" },
  { value: "12", label: "Categories" },
  { value: "1.2K+", label: "Downloads" },
] as const;

/** What Document Portal Access includes, as the /payment order summary lists it. */
export const SUBSCRIPTION_FEATURES = [
  "Complete ICAO documentation",
  "Aviation resource library",
  "Monthly updates",
  "Download capabilities",
  "Expert support",
] as const;

export { PORTAL_DOCUMENTS, type PortalDocument } from "@shared/documents";
