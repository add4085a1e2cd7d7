import { STATS } from "@shared/constants";
import Building2 from "lucide-react/icons/building-complex";
import Compass from "lucide-react/icons/compass";
import GraduationCap from "lucide-react/icons/graduation-cap";
import { fillText } from "@/content/fill-text";
import { ABOUT_TEXT, TARGET_SECTORS } from "@/features/landing/content";
import { LandingSection, sectionTitleId } from "./landing-section";

const PILLAR_ICONS = [GraduationCap, Compass, Building2] as const;

export function About() {
  return (
    <LandingSection section="about" className="bg-white">
      <div className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-ocean-700">
            {ABOUT_TEXT.eyebrow}
          </p>
          <h2
            id={sectionTitleId("about")}
            className="mt-3 text-3xl font-bold tracking-tight text-balance text-brand-950 sm:text-4xl"
          >
            {ABOUT_TEXT.title}
          </h2>
          <div className="mt-6 space-y-4 text-lg text-pretty text-slate-600">
            {ABOUT_TEXT.paragraphs.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the owner's paragraphs may repeat; their order is their identity
              <p key={index}>{fillText(paragraph)}</p>
            ))}
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {ABOUT_TEXT.pillars.map(({ title, text }, index) => {
              const Icon = PILLAR_ICONS[index % PILLAR_ICONS.length] ?? GraduationCap;
              return (
                <li key={title} className="flex gap-4 rounded-xl border border-slate-200 p-4 sm:block">
                  <Icon aria-hidden="true" className="size-6 shrink-0 text-ocean-700" />
                  <div>
                    <p className="font-semibold text-brand-950 sm:mt-3">{title}</p>
                    <p className="mt-1 text-sm text-slate-600">{text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="flex flex-col gap-8">
          <dl className="grid grid-cols-2 gap-4">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse justify-end rounded-2xl bg-linear-to-br from-brand-900 to-brand-700 p-6 text-white shadow-md"
              >
                <dt className="mt-2 text-sm font-medium text-brand-100">{stat.label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight sm:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h3 className="text-lg font-semibold text-brand-950">{ABOUT_TEXT.sectorsHeading}</h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {TARGET_SECTORS.map((sector) => (
                <li
                  key={sector}
                  className="rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-800"
                >
                  {sector}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </LandingSection>
  );
}
