import type { ReactNode } from "react";
import { SERVICE_META } from "@/content/service-meta";
import type { ServicePageContent } from "@/content/services/types";
import { ACCENTS, AccentContext } from "./accents";
import { ClosingCard } from "./closing-card";
import { HeaderBand } from "./header-band";
import { IntroSection } from "./intro-section";
import { MetricSection } from "./metric-row";
import { ServiceFooter, ServiceTopBar } from "./page-chrome";
import { useScrollToTopOnMount } from "./use-scroll-to-top-on-mount";

interface ServicePageProps {
  content: ServicePageContent<unknown>;
  /** The page's own sections, placed between the introduction and the headline figures. */
  children: ReactNode;
}

/** The frame shared by all seven service pages; each route supplies its content and detail sections. */
export function ServicePage({ content, children }: ServicePageProps) {
  useScrollToTopOnMount();
  const meta = SERVICE_META[content.slug];
  return (
    <AccentContext value={ACCENTS[content.accent]}>
      <div className="flex min-h-screen flex-col bg-white">
        <ServiceTopBar />
        <main className="flex-1">
          <HeaderBand meta={meta} icon={content.icon} lead={content.lead} />
          <IntroSection intro={content.intro} highlights={content.highlights} />
          {children}
          <MetricSection {...content.metrics} />
          <ClosingCard {...content.closing} />
        </main>
        <ServiceFooter />
      </div>
    </AccentContext>
  );
}
