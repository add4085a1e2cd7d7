import { withServedText } from "@shared/content/served-content";

// The premium document portal's headline figures (docs/product.md, Premium Document Portal). The documents
// themselves come from the database (staff's Library view): the server renders them into the served page.

export const PORTAL_STATS = withServedText(
  "portal.stats",
  [
    { value: "50+", label: "Documents" },
    { value: "12", label: "Categories" },
    { value: "1.2K+", label: "Downloads" },
  ] as const,
  "stats",
);

/** What Document Portal Access includes, as the /payment order summary lists it. */
export const SUBSCRIPTION_FEATURES = withServedText(
  "portal.stats",
  [
    "Complete ICAO documentation",
    "Aviation resource library",
    "Monthly updates",
    "Download capabilities",
    "Expert support",
  ] as const,
  "includes",
);
