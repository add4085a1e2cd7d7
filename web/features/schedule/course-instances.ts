// schema.org CourseInstance JSON-LD for the intakes a page shows, put into the page by the server with the intakes
// themselves (ADR 029). `origin` is the site's PUBLIC_URL.
import { COURSES, CURRENCY } from "@shared/constants";
import type { PublicIntake } from "@shared/training";

/** Few seats left: search engines may show the offer as limited. */
const FEW_SEATS = 2;

function availability(intake: PublicIntake): string {
  if (intake.availability !== "seats-left") return "https://schema.org/SoldOut";
  return intake.seatsLeft <= FEW_SEATS
    ? "https://schema.org/LimitedAvailability"
    : "https://schema.org/InStock";
}

export function courseInstance(intake: PublicIntake, origin: string) {
  const url = `${origin}/enroll/${intake.courseType}`;
  return {
    "@type": "CourseInstance",
    "@id": `${origin}/schedule#intake-${intake.id}`,
    name: COURSES[intake.courseType].title,
    courseMode: "Onsite",
    startDate: intake.startDate,
    endDate: intake.endDate,
    location: {
      "@type": "Place",
      name: intake.location,
      address: { "@type": "PostalAddress", addressLocality: intake.location, addressCountry: "FJ" },
    },
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: (intake.feeCents / 100).toFixed(2),
      priceCurrency: CURRENCY,
      availability: availability(intake),
      url,
    },
    url,
  };
}

/** One JSON-LD document for all the intakes a page shows, or null when it shows none. */
export function courseInstancesGraph(intakes: readonly PublicIntake[], origin: string): object | null {
  if (intakes.length === 0) return null;
  return {
    "@context": "https://schema.org",
    "@graph": intakes.map((intake) => courseInstance(intake, origin)),
  };
}
