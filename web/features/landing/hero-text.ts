// The hero's words, the owner's to edit (the Content view, ADR 058). A module of its own: the hero renders before
// any other section, so its words must not pull the rest of the landing page's copy into the first script.
import { MAX_STUDENTS_PER_CLASS } from "@shared/constants";
import { withServedText } from "@shared/content/served-content";

/** The hero's words; "{company}" and "{city}" are filled in from the company details (web/content/fill-text.ts). */
export const HERO_TEXT = withServedText("home.hero", {
  badge: "Civil Aviation Authority of Fiji certified",
  titleStart: "Safe, certified drone operations for",
  titleHighlight: "Fiji and the Pacific",
  lead: "{company} is a CAAF certified consultancy and training provider. We train remote pilots, guide agencies through regulation, and fly the missions that protect Pacific communities: from cyclone response to coastal mapping.",
  highlights: [
    "CAAF certified training provider",
    `Classes of ${MAX_STUDENTS_PER_CLASS} students or fewer`,
    "Based in {city}, serving the Pacific",
  ],
});
