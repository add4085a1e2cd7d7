import type { LucideIcon } from "lucide-react";
import BadgeCheck from "lucide-react/icons/badge-check";
import CircleCheck from "lucide-react/icons/circle-check";
import Globe from "lucide-react/icons/globe";
import LifeBuoy from "lucide-react/icons/life-buoy";
import ShieldCheck from "lucide-react/icons/shield-check";
import {
  CERTIFICATION_BADGES,
  type CertificationIcon,
  OPERATIONAL_CERTIFICATIONS,
  TRAINING_QUALIFICATIONS,
} from "@/features/landing/content";
import { LandingSection } from "./landing-section";

const ICONS: Record<CertificationIcon, LucideIcon> = {
  caaf: ShieldCheck,
  icao: Globe,
  iso: BadgeCheck,
  safety: LifeBuoy,
};

function CertificationList({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <div className="rounded-2xl border border-white/15 bg-white/5 p-6 sm:p-8">
      <h3 id={id} className="text-xl font-semibold text-white">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-brand-50">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sun-400" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Certifications() {
  return (
    <LandingSection
      section="certifications"
      className="relative isolate overflow-hidden bg-brand-950"
      tone="dark"
      backdrop={
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(47,111,219,0.35),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgba(15,159,138,0.25),transparent_55%)]"
        />
      }
    >
      <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CERTIFICATION_BADGES.map((badge) => {
          const Icon = ICONS[badge.icon];
          return (
            <li key={badge.title} className="rounded-2xl bg-white p-6 text-center shadow-lg">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-linear-to-br from-brand-700 to-ocean-600 text-white">
                <Icon aria-hidden="true" className="size-7" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-brand-950">{badge.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{badge.description}</p>
            </li>
          );
        })}
      </ul>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <CertificationList
          id="training-qualifications-title"
          title="Training Qualifications"
          items={TRAINING_QUALIFICATIONS}
        />
        <CertificationList
          id="operational-certifications-title"
          title="Operational Certifications"
          items={OPERATIONAL_CERTIFICATIONS}
        />
      </div>
    </LandingSection>
  );
}
