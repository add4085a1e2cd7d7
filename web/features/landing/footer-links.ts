// The landing footer's link lists and policy notes.
import { withServedText } from "@shared/content/served-content";
import type { ServiceSlug } from "@shared/routes";

export interface FooterLink {
  label: string;
  href: string;
}

export const FOOTER_SERVICE_LINKS: readonly (FooterLink & { slug: ServiceSlug })[] = [
  { label: "Climate Change Solutions", slug: "climate-solutions", href: "/service/climate-solutions" },
  { label: "Disaster Management", slug: "disaster-management", href: "/service/disaster-management" },
  { label: "Defence Services", slug: "defence", href: "/service/defence" },
  { label: "RPAS Consultancy", slug: "rpas-consultancy", href: "/service/rpas-consultancy" },
  { label: "Training Programs", slug: "training", href: "/service/training" },
];

/** Links starting with "#" stay on the landing page; the others are routes. */
export const FOOTER_TRAINING_LINKS: readonly FooterLink[] = [
  { label: "Basic RPAS Pilot", href: "/enroll/basic" },
  { label: "Advanced RPAS Pilot", href: "/enroll/advanced" },
  { label: "Instructor Training", href: "/enroll/instructor" },
  { label: "Certification Programs", href: "#training" },
  { label: "Custom Training", href: "#contact" },
];

export interface PolicyNote {
  id: "privacy" | "terms" | "cookies";
  title: string;
  text: string;
}

/** The Privacy, Terms and Cookie notes: the owner's words, edited in the Content view (ADR 058). */
export const POLICY_NOTES: readonly PolicyNote[] = withServedText("site.policies", [
  {
    id: "privacy",
    title: "Privacy Policy",
    text: "We collect only the details you send us through our contact, enrollment and subscription forms, and use them solely to answer your enquiry, run your course or provide portal access. We send text messages only when you ask for them on the enrollment form or at My training, only about your application, and the link in any text stops them; we share your phone number only with the provider that delivers our texts. We never sell your data. Ask us at any time to see, correct or delete what we hold about you.",
  },
  {
    id: "terms",
    title: "Terms of Service",
    text: "Course places are confirmed once your enrollment is accepted and fees are paid. Portal subscriptions renew monthly and can be cancelled anytime. Website content is general guidance only and does not replace current CAAF regulations or professional advice.",
  },
  {
    id: "cookies",
    title: "Cookie Policy",
    text: "This site uses only the essential cookies needed to keep you signed in to the document portal and to secure payments. We do not use advertising or third-party tracking cookies.",
  },
]);
