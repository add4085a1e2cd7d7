// Every company detail in one place, for the pages, the JSON-LD, the e-mails and the certificates. The values below
// are the seeded examples (clearly fictional but well-formed for Fiji); the owner sets the real ones in the
// dashboard's Settings (ADR 036). The server applies the saved values to these same objects before it renders a page
// or writes an e-mail, and the browser applies the page's `site-details` block before its first render
// (shared/served-details.ts), so every reader of COMPANY and COURSES sees the current values without knowing of settings
// (shared/site-details.ts). Kept free of zod and of the other constants: every page's shell loads it.
import { withServedText } from "./content/served-content";
import { servedSiteDetails } from "./served-details";

export interface Company {
  name: string;
  legalName: string;
  tagline: string;
  description: string;
  address: {
    street: string;
    city: string;
    region: string;
    country: string;
    countryCode: string;
    postalBox: string;
  };
  /** Two numbers: `display` as people read it, `tel` the same number in E.164 for tel: links and JSON-LD. */
  phones: [Phone, Phone];
  /** General enquiries first (the footer, JSON-LD and replies use it), then training. */
  emails: [{ label: string; address: string }, { label: string; address: string }];
  supportEmail: string;
  hours: [BusinessHours, BusinessHours, BusinessHours];
  social: { name: string; href: string }[];
  mpaisa: { merchantName: string; merchantNumber: string };
  bank: { bank: string; accountName: string; accountNumber: string; branch: string; swift: string };
  foundedYear: number;
}
export interface Phone {
  label: string;
  display: string;
  tel: string;
}
export interface BusinessHours {
  days: string;
  hours: string;
}

export const COMPANY: Company = {
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
  mpaisa: { merchantName: "Pacific Sky RPAS", merchantNumber: "1234567" },
  bank: {
    bank: "Example Bank of Fiji",
    accountName: "Pacific Sky RPAS Limited",
    accountNumber: "0000000000",
    branch: "Suva Main Branch",
    swift: "EXAMFJFJ",
  },
  foundedYear: 2015,
};

/** The seeded examples as written above, whatever a served page says (shared/site-details.ts compares with them). */
export const SEEDED_COMPANY: Company = JSON.parse(JSON.stringify(COMPANY));

// In the browser, the details the page was served with (shared/served-details.ts).
const served = servedSiteDetails();
if (served) Object.assign(COMPANY, JSON.parse(JSON.stringify(served.company)));
// The tagline and description are the owner's words, published from the Content view (ADR 058).
withServedText("site.company", COMPANY);
