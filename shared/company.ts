// Every company detail in one place, for the pages, the JSON-LD and the e-mails. The original site's phones and
// e-mails were not available to us, so the values are clearly fictional but well-formed for Fiji: the company
// replaces them here only.

export const COMPANY = {
  name: "Pacific Sky RPAS",
  legalName: "Pacific Sky RPAS Limited",
  tagline: "CAAF Certified RPAS Consultancy & Training",
  description:
    "CAAF certified remotely piloted aircraft systems (RPAS) consultancy, pilot training and drone services for Fiji and the Pacific.",
  address: {
    street: "Level 2, Harbourview House, 12 Victoria Parade",
    city: "Suva",
    region: "Central Division",
    country: "Fiji",
    countryCode: "FJ",
    postalBox: "PO Box 1234, Suva",
  },
  phones: [
    { label: "Office", display: "+679 330 1234", tel: "+6793301234" },
    { label: "Mobile", display: "+679 990 1234", tel: "+6799901234" },
  ],
  emails: [
    { label: "General enquiries", address: "info@pacificskyrpas.example" },
    { label: "Training", address: "training@pacificskyrpas.example" },
  ],
  supportEmail: "support@pacificskyrpas.example",
  hours: [
    { days: "Monday - Friday", hours: "8:00 AM - 6:00 PM" },
    { days: "Saturday", hours: "9:00 AM - 2:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
  social: [
    { name: "Facebook", href: "https://www.facebook.com/pacificskyrpas.example" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/pacificskyrpas-example" },
    { name: "YouTube", href: "https://www.youtube.com/@pacificskyrpas-example" },
  ],
  foundedYear: 2015,
} as const;
