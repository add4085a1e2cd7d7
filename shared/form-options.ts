// Option lists of the public forms, free of zod so a page can import them without the validation code
// (the landing page's contact form shows these options but validates on the server).

export const SERVICE_INTERESTS = [
  "Training Programs",
  "Consultancy Services",
  "Climate Change Solutions",
  "Disaster Management",
  "Defence Services",
  "General Inquiry",
] as const;
export type ServiceInterest = (typeof SERVICE_INTERESTS)[number];

export const HIGHEST_EDUCATION = [
  "high-school",
  "certificate",
  "bachelor",
  "master",
  "doctorate",
  "other",
] as const;
export type HighestEducation = (typeof HIGHEST_EDUCATION)[number];

export const EDUCATION_LABELS: Record<HighestEducation, string> = {
  "high-school": "High School",
  certificate: "Certificate / Diploma",
  bachelor: "Bachelor's Degree",
  master: "Master's Degree",
  doctorate: "Doctorate",
  other: "Other",
};
