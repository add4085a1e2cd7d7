import { type ReactNode, Suspense } from "react";
import { About } from "@/features/landing/about";
import { Certifications } from "@/features/landing/certifications";
import { Contact } from "@/features/landing/contact";
import { DocumentsTeaser } from "@/features/landing/documents-teaser";
import { Hero } from "@/features/landing/hero";
import { Reviews } from "@/features/landing/reviews";
import { Services } from "@/features/landing/services";
import { SiteFooter } from "@/features/landing/site-footer";
import { MAIN_ID, SiteHeader } from "@/features/landing/site-header";
import { Training } from "@/features/landing/training";

/**
 * React hydrates a Suspense boundary's server HTML after the rest of the page, at idle priority and in ~5 ms slices
 * (a click inside it hydrates it at once). Without these boundaries the whole landing page hydrated in one long
 * task that blocked the main thread (ADR 011).
 */
function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}

/** The landing page (docs/product.md, Landing page): one scrolling page of anchored sections under a fixed header. */
export default function Page() {
  return (
    <>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none">
        <Hero />
        <HydrateLater>
          <About />
        </HydrateLater>
        <HydrateLater>
          <Services />
        </HydrateLater>
        <HydrateLater>
          <Training />
        </HydrateLater>
        <HydrateLater>
          <Certifications />
        </HydrateLater>
        <HydrateLater>
          <DocumentsTeaser />
        </HydrateLater>
        <HydrateLater>
          <Reviews />
        </HydrateLater>
        <HydrateLater>
          <Contact />
        </HydrateLater>
      </main>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </>
  );
}
