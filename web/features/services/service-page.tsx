import { SERVICE_META } from "@shared/services";
import { ArrowLeft, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { SiteFooter, SiteHeader } from "@/components/layout/page-shell";
import { buttonVariants } from "@/components/ui/button";
import { COMPANY } from "@/content/company";
import type { ServicePageContent } from "@/features/services/content/types";
import { HydrateLater } from "@/lib/hydrate-later";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";
import { ACCENTS, AccentContext } from "./accents";
import { ClosingCard } from "./closing-card";
import { HeaderBand } from "./header-band";
import { IntroSection } from "./intro-section";
import { MetricSection } from "./metric-row";

interface ServicePageProps {
  content: ServicePageContent<unknown>;
  /** The page's own sections, placed between the introduction and the headline figures. */
  children: ReactNode;
}

/** The frame shared by all seven service pages; each route supplies its content and detail sections. */
export function ServicePage({ content, children }: ServicePageProps) {
  useScrollToTopOnMount();
  const meta = SERVICE_META[content.slug];
  const { address } = COMPANY;
  return (
    <AccentContext value={ACCENTS[content.accent]}>
      <div className="flex min-h-screen flex-col bg-white">
        <SiteHeader
          sticky
          showTagline={false}
          className="lg:px-8"
          actions={
            <Link href="/" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          }
        />
        {/* Below the header band, each section hydrates in a task of its own (web/lib/hydrate-later.tsx): the
            whole page in one pass was a long task on a slow phone. The footer goes last. */}
        <main className="flex-1">
          <HeaderBand meta={meta} icon={content.icon} lead={content.lead} />
          <HydrateLater name="overview">
            <IntroSection intro={content.intro} highlights={content.highlights} />
          </HydrateLater>
          {children}
          <HydrateLater name="figures">
            <MetricSection {...content.metrics} />
          </HydrateLater>
          <HydrateLater name="closing">
            <ClosingCard {...content.closing} />
          </HydrateLater>
        </main>
        <HydrateLater name="footer">
          <SiteFooter tone="light" className="gap-4 py-8 lg:px-8">
            <p className="flex items-center gap-2 font-medium text-slate-800">
              <ShieldCheck className="size-4 text-ocean-700" aria-hidden="true" />
              {COMPANY.tagline}
            </p>
            <address className="not-italic">
              {COMPANY.legalName}, {address.street}, {address.city}, {address.country}
            </address>
          </SiteFooter>
        </HydrateLater>
      </div>
    </AccentContext>
  );
}
