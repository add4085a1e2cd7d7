import type { ServiceMeta } from "@shared/services";
import { Check, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { useAccent } from "./accents";
import { BandEmblem, BandPattern } from "./band-pattern";

interface HeaderBandProps {
  meta: ServiceMeta;
  icon: LucideIcon;
  lead: string;
}

/** The coloured band that opens every service page: the page's only <h1>, its introduction and key features. */
export function HeaderBand({ meta, icon: Icon, lead }: HeaderBandProps) {
  const accent = useAccent();
  return (
    <section
      aria-labelledby="page-title"
      className={cn("relative isolate overflow-hidden text-white", accent.band)}
    >
      <BandPattern className="lg:-bottom-72 lg:-left-48 lg:right-auto lg:top-auto" />
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold ring-1 ring-white/25">
            <Icon className="size-4" aria-hidden="true" />
            {meta.group === "core" ? "Core Service" : "Specialised Service"}
          </p>
          <h1 id="page-title" className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {meta.title}
          </h1>
          <p className="mt-5 text-lg leading-8 text-white sm:text-xl">{lead}</p>
          <ul className="mt-8 flex flex-wrap gap-2.5">
            {meta.features.map((feature) => (
              <li
                key={feature}
                className="inline-flex items-center gap-1.5 rounded-full bg-black/20 px-3 py-1.5 text-sm font-medium ring-1 ring-white/20"
              >
                <Check className="size-4" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
        <BandEmblem icon={Icon} />
      </div>
    </section>
  );
}
