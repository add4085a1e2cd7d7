// Imported first by main.tsx, so it runs before any other module of the app: a served page whose company details or
// course prices differ from the built ones carries them in a JSON block (ADR 036), and they are put into COMPANY and
// COURSES before anything reads them, so the browser renders what the server rendered (no hydration mismatch).
import { applySiteDetails, SITE_DETAILS_ELEMENT_ID, type SiteDetails } from "@shared/site-details";

const block = typeof document === "undefined" ? null : document.getElementById(SITE_DETAILS_ELEMENT_ID);
if (block?.textContent) applySiteDetails(JSON.parse(block.textContent) as SiteDetails);
