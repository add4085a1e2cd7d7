import { Link } from "wouter";
import { COMPANY } from "@/content/company";
import {
  FOOTER_SERVICE_LINKS,
  FOOTER_TRAINING_LINKS,
  type FooterLink,
  POLICY_NOTES,
} from "@/features/landing/footer-links";
import { Wordmark } from "./logo";
import { SocialIcon } from "./social-icon";

const linkClass =
  "rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white!";
const headingClass = "text-sm font-semibold uppercase tracking-wider text-white";

function FooterLinkItem({ link }: { link: FooterLink }) {
  // In-page anchors stay plain links so the browser scrolls natively; routes go through the client router.
  return link.href.startsWith("#") ? (
    <a href={link.href} className={linkClass}>
      {link.label}
    </a>
  ) : (
    <Link href={link.href} className={linkClass}>
      {link.label}
    </Link>
  );
}

function FooterColumn({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  return (
    <div>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <ul aria-labelledby={id} className="mt-4 space-y-3 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <FooterLinkItem link={link} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-8 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.5fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <Wordmark name={COMPANY.name} tagline={COMPANY.tagline} tone="dark" />
            <p className="mt-5 max-w-sm text-sm text-pretty">
              {COMPANY.description} Training, consultancy and aerial services from {COMPANY.address.city}{" "}
              since {COMPANY.foundedYear}.
            </p>
          </div>
          <FooterColumn id="footer-services-title" title="Services" links={FOOTER_SERVICE_LINKS} />
          <FooterColumn id="footer-training-title" title="Training" links={FOOTER_TRAINING_LINKS} />
          <div className="col-span-2 lg:col-span-1">
            <h2 className={headingClass}>Follow Us</h2>
            <ul className="mt-4 flex gap-3">
              {COMPANY.social.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-ocean-600 focus-visible:outline-white!"
                  >
                    <SocialIcon name={social.name} className="size-5" />
                    <span className="sr-only">{social.name} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm">
              <a href={`mailto:${COMPANY.emails[0].address}`} className={linkClass}>
                {COMPANY.emails[0].address}
              </a>
            </p>
          </div>
        </div>

        <div className="mt-12 grid gap-6 border-t border-white/10 pt-8 md:grid-cols-3">
          {POLICY_NOTES.map((policy) => (
            <div
              key={policy.id}
              id={policy.id}
              className="rounded-sm text-xs leading-relaxed target:outline-2 target:outline-offset-8 target:outline-ocean-500"
            >
              <h2 className="text-sm font-semibold text-white">{policy.title}</h2>
              <p className="mt-2 text-pretty">{policy.text}</p>
            </div>
          ))}
        </div>

        <div className="mt-8 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          {/* The year as in page-shell.tsx's CopyrightAndContact: the browser's own once hydrated. */}
          <p>
            © <span>{new Date().getFullYear()}</span> {COMPANY.legalName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {POLICY_NOTES.map((policy) => (
              <li key={policy.id}>
                <a href={`#${policy.id}`} className={linkClass}>
                  {policy.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
