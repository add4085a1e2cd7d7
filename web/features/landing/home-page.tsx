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
import { HydrateLater } from "@/lib/hydrate-later";

/**
 * The landing page (docs/product.md, Landing page): one scrolling page of anchored sections under a fixed header.
 * Below the hero, each section hydrates in a task of its own (web/lib/hydrate-later.tsx), so no single task blocks
 * the main thread for long on a slow phone.
 */
export default function Page() {
  return (
    <>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none">
        <Hero />
        <HydrateLater name="about">
          <About />
        </HydrateLater>
        <HydrateLater name="services">
          <Services />
        </HydrateLater>
        <HydrateLater name="training">
          <Training />
        </HydrateLater>
        <HydrateLater name="certifications">
          <Certifications />
        </HydrateLater>
        <HydrateLater name="documents">
          <DocumentsTeaser />
        </HydrateLater>
        <HydrateLater name="reviews">
          <Reviews />
        </HydrateLater>
        <HydrateLater name="contact">
          <Contact />
        </HydrateLater>
      </main>
      <HydrateLater name="footer">
        <SiteFooter />
      </HydrateLater>
    </>
  );
}
