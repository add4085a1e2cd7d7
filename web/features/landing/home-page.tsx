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
 * The landing page (docs/product.md, Landing page): one scrolling page of anchored sections under a fixed header.
 * (Until ADR 042 each section sat in its own Suspense boundary so that React hydrated it in idle slices; Preact
 * hydrates the whole page in one short pass.)
 */
export default function Page() {
  return (
    <>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none">
        <Hero />
        <About />
        <Services />
        <Training />
        <Certifications />
        <DocumentsTeaser />
        <Reviews />
        <Contact />
      </main>
      <SiteFooter />
    </>
  );
}
