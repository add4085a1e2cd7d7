import type { ServiceSlug } from "@shared/routes";
import { SERVICE_META, type ServiceMeta } from "@shared/services";
import type { LucideIcon } from "lucide-react";
import ArrowRight from "lucide-react/icons/arrow-right";
import ChartColumn from "lucide-react/icons/chart-column";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Leaf from "lucide-react/icons/leaf";
import MapIcon from "lucide-react/icons/map";
import ShieldCheck from "lucide-react/icons/shield-check";
import Siren from "lucide-react/icons/siren";
import { Link } from "wouter";
import { TickList } from "@/components/ui/tick-list";
import { LandingSection } from "./landing-section";

const ICONS: Record<ServiceSlug, LucideIcon> = {
  "rpas-consultancy": ClipboardCheck,
  training: GraduationCap,
  "climate-solutions": Leaf,
  "disaster-management": Siren,
  defence: ShieldCheck,
  mapping: MapIcon,
  "data-analysis": ChartColumn,
};

const services = Object.values(SERVICE_META);
const GROUPS = [
  {
    id: "core-services-title",
    title: "Core Services",
    intro: "End-to-end RPAS capability for the agencies that keep Fiji safe and resilient.",
    items: services.filter((service) => service.group === "core"),
  },
  {
    id: "specialised-services-title",
    title: "Specialised Services",
    intro: "Precision data products that turn flight time into answers.",
    items: services.filter((service) => service.group === "specialised"),
  },
];

function ServiceCard({ service }: { service: ServiceMeta }) {
  const Icon = ICONS[service.slug];
  return (
    <li className="group flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:w-[calc(50%-0.75rem)] sm:p-6 lg:w-[calc((100%-3rem)/3)] transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md">
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 transition group-hover:bg-brand-700 group-hover:text-white">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h4 className="mt-5 text-lg font-semibold text-brand-950">{service.title}</h4>
      <p className="mt-2 text-sm text-pretty text-slate-600">{service.description}</p>
      <TickList items={service.features} className="mt-5" />
      <div className="mt-auto pt-6">
        <Link
          href={`/service/${service.slug}`}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
        >
          Learn More<span className="sr-only"> about {service.title}</span>
          <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
        </Link>
      </div>
    </li>
  );
}

export function Services() {
  return (
    <LandingSection section="services" className="bg-slate-50">
      {GROUPS.map((group) => (
        <div key={group.id} className="mt-16">
          <div className="flex flex-col gap-1 border-b border-slate-200 pb-4 sm:flex-row sm:items-end sm:justify-between">
            <h3 id={group.id} className="text-2xl font-bold text-brand-950">
              {group.title}
            </h3>
            <p className="text-sm text-slate-600">{group.intro}</p>
          </div>
          <ul aria-labelledby={group.id} className="mt-8 flex flex-wrap justify-center gap-6">
            {group.items.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </ul>
        </div>
      ))}
    </LandingSection>
  );
}
