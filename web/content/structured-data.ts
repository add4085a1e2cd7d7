// schema.org JSON-LD for search engines: the Organization on every page, the three Courses with FJD prices where
// the courses are presented. `origin` is the site's PUBLIC_URL placeholder, filled in by the server.
import { COURSE_TYPES, COURSES, CURRENCY } from "@shared/constants";
import { COMPANY } from "@/content/company";

function organization(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    description: COMPANY.description,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: COMPANY.emails[0].address,
    telephone: COMPANY.phones[0].tel,
    address: {
      "@type": "PostalAddress",
      streetAddress: COMPANY.address.street,
      addressLocality: COMPANY.address.city,
      addressRegion: COMPANY.address.region,
      addressCountry: COMPANY.address.countryCode,
    },
    sameAs: COMPANY.social.map((s) => s.href),
  };
}

function courses(origin: string) {
  return COURSE_TYPES.map((type) => {
    const course = COURSES[type];
    return {
      "@context": "https://schema.org",
      "@type": "Course",
      name: course.title,
      description: `${course.durationDays}-day CAAF RPAS course leading to the ${course.certificate}.`,
      url: `${origin}/enroll/${type}`,
      provider: { "@id": `${origin}/#organization` },
      educationalCredentialAwarded: course.certificate,
      offers: {
        "@type": "Offer",
        category: "Paid",
        price: (course.priceCents / 100).toFixed(2),
        priceCurrency: CURRENCY,
        url: `${origin}/enroll/${type}`,
      },
      hasCourseInstance: {
        "@type": "CourseInstance",
        courseMode: "Onsite",
        courseWorkload: `P${course.durationDays}D`,
        location: `${COMPANY.address.city}, ${COMPANY.address.country}`,
      },
    };
  });
}

const COURSE_PAGES = new Set(["/", "/service/training"]);

export function structuredDataFor(path: string, origin: string): object[] {
  return COURSE_PAGES.has(path) ? [organization(origin), ...courses(origin)] : [organization(origin)];
}
