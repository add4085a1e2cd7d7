import { REPLY_WITHIN_HOURS } from "@shared/constants";
import { Mail, PhoneCall } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { COMPANY } from "@/content/company";
import type { ClosingContent } from "@/features/services/content/types";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";
import { BandPattern } from "./band-pattern";

export function mailtoSupport(subject: string): string {
  return `mailto:${COMPANY.supportEmail}?subject=${encodeURIComponent(subject)}`;
}

/** The call to action that closes every service page: e-mail the support desk or go to the contact form. */
export function ClosingCard({
  heading,
  description,
  emailLabel,
  emailSubject,
  contactLabel,
  note,
}: ClosingContent) {
  const accent = useAccent();
  return (
    <section aria-labelledby="closing-heading" className="pb-16 sm:pb-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div
          className={cn(
            "relative isolate overflow-hidden rounded-3xl px-6 py-12 text-white shadow-xl sm:px-12 sm:py-14",
            accent.band,
          )}
        >
          <BandPattern />
          <div className="max-w-3xl">
            <h2 id="closing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {heading}
            </h2>
            <p className="mt-4 text-lg leading-8 text-white">{description}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a
                href={mailtoSupport(emailSubject)}
                className={cn(
                  buttonVariants({ variant: "inverse", size: "lg" }),
                  accent.onWhite,
                  "focus-visible:outline-white",
                )}
              >
                <Mail aria-hidden="true" />
                {emailLabel}
              </a>
              <a
                href="/#contact"
                className={cn(
                  buttonVariants({ size: "lg" }),
                  "bg-transparent text-white ring-1 ring-white/70 ring-inset hover:bg-white/10 focus-visible:outline-white",
                )}
              >
                <PhoneCall aria-hidden="true" />
                {contactLabel}
              </a>
            </div>
            <p className="mt-8 text-sm leading-6 text-white">
              Prefer to write? Email our support team at{" "}
              <span className="font-semibold [overflow-wrap:anywhere]">{COMPANY.supportEmail}</span>. We aim
              to reply within {REPLY_WITHIN_HOURS} hours.
            </p>
            {note && <p className="mt-3 text-sm leading-6 text-white">{note}</p>}
          </div>
        </div>
      </div>
    </section>
  );
}
