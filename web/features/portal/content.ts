// The premium document portal's library preview and headline figures (SPEC section 2, "Premium Document Portal").
// Six hard-coded documents, all Premium; a subscription unlocks the downloads.

export const PORTAL_STATS = [
  { value: "50+", label: "Documents" },
  { value: "12", label: "Categories" },
  { value: "1.2K+", label: "Downloads" },
] as const;

/** What Document Portal Access includes (SPEC section 2, /payment order summary). */
export const SUBSCRIPTION_FEATURES = [
  "Complete ICAO documentation",
  "Aviation resource library",
  "Monthly updates",
  "Download capabilities",
  "Expert support",
] as const;

export { PORTAL_DOCUMENTS, type PortalDocument } from "@shared/documents";
