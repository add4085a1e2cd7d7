import Clock from "lucide-react/icons/clock";
import Download from "lucide-react/icons/download";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Handshake from "lucide-react/icons/handshake";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { COMPANY } from "@/content/company";
import { SECTION_IDS, type SectionId } from "@/features/landing/content";
import { ContactForm } from "./contact-form";
import { LandingSection } from "./landing-section";
import { SectionLink } from "./section-link";

const QUICK_ACTIONS: readonly { label: string; target: SectionId; icon: typeof Clock }[] = [
  { label: "Enroll in Training", target: SECTION_IDS.training, icon: GraduationCap },
  { label: "Download Resources", target: SECTION_IDS.documents, icon: Download },
  { label: "Partnership Inquiry", target: SECTION_IDS.services, icon: Handshake },
];

/** One way to reach us (the phones, the e-mail addresses): an icon, then each number or address as a link. */
function LabelledLinks({
  icon: Icon,
  links,
  className,
  itemClassName,
}: {
  icon: typeof Clock;
  links: readonly { label: string; href: string; text: string }[];
  className?: string;
  itemClassName?: string;
}) {
  return (
    <li className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ocean-700" />
      <ul className={className ? `${className} space-y-1` : "space-y-1"}>
        {links.map((link) => (
          <li key={link.href} className={itemClassName}>
            <span className="text-slate-600">{link.label}: </span>
            <a
              href={link.href}
              className="rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {link.text}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const cardTitleClass = "text-lg font-semibold text-brand-950";

export function Contact() {
  const { address } = COMPANY;
  return (
    <LandingSection section="contact" className="bg-slate-50">
      <div className="mt-14 grid gap-8 lg:grid-cols-5">
        <div className={`${cardClass} sm:p-10 lg:col-span-3`}>
          <h3 id="contact-form-title" className="text-2xl font-bold text-brand-950">
            Send Us a Message
          </h3>
          <p className="mt-2 text-sm text-slate-600">
            Fields marked <span className="text-red-700">*</span> are required.
          </p>
          <div className="mt-8">
            <ContactForm />
          </div>
          <p className="mt-8 border-t border-slate-100 pt-6 text-sm text-slate-600">
            We use your details only to answer your enquiry. Read our{" "}
            <a href="#privacy" className="rounded-sm font-medium text-brand-700 underline underline-offset-4">
              Privacy Policy
            </a>
            .
          </p>
        </div>

        <div className="grid content-start gap-6 lg:col-span-2">
          <div className={cardClass}>
            <h3 className={cardTitleClass}>Contact Details</h3>
            <ul className="mt-4 space-y-4 text-sm text-slate-700">
              <li className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ocean-700" />
                <address className="not-italic">
                  {address.street}
                  <br />
                  {address.city}, {address.country}
                  <br />
                  {address.postalBox}
                </address>
              </li>
              <LabelledLinks
                icon={Phone}
                links={COMPANY.phones.map((phone) => ({
                  label: phone.label,
                  href: `tel:${phone.tel}`,
                  text: phone.display,
                }))}
              />
              <LabelledLinks
                icon={Mail}
                className="min-w-0"
                itemClassName="break-words"
                links={COMPANY.emails.map((email) => ({
                  label: email.label,
                  href: `mailto:${email.address}`,
                  text: email.address,
                }))}
              />
            </ul>
          </div>

          <div className={cardClass}>
            <h3 className={`${cardTitleClass} flex items-center gap-2`}>
              <Clock aria-hidden="true" className="size-5 text-ocean-700" />
              Business Hours
            </h3>
            <dl className="mt-4 divide-y divide-slate-100 text-sm">
              {COMPANY.hours.map((row) => (
                <div key={row.days} className="flex justify-between gap-4 py-2">
                  <dt className="text-slate-700">{row.days}</dt>
                  <dd className="font-medium text-brand-950">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </div>

          <div className={cardClass}>
            <h3 className={cardTitleClass}>Quick Actions</h3>
            <ul className="mt-4 grid gap-2">
              {QUICK_ACTIONS.map(({ label, target, icon: Icon }) => (
                <li key={label}>
                  <SectionLink variant="outline" className="w-full justify-start" target={target}>
                    <Icon aria-hidden="true" className="text-ocean-700" />
                    {label}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </LandingSection>
  );
}
