import { About } from "@/components/landing/about";
import { Certifications } from "@/components/landing/certifications";
import { Contact } from "@/components/landing/contact";
import { DocumentsTeaser } from "@/components/landing/documents-teaser";
import { Hero } from "@/components/landing/hero";
import { Reviews } from "@/components/landing/reviews";
import { Services } from "@/components/landing/services";
import { SiteFooter } from "@/components/landing/site-footer";
import { MAIN_ID, SiteHeader } from "@/components/landing/site-header";
import { Training } from "@/components/landing/training";

/** The landing page (SPEC section 2): one scrolling page of anchored sections under a fixed header. */
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
