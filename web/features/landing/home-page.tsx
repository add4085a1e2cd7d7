import { Hero } from "@/features/landing/hero";
import { MAIN_ID, SiteHeader } from "@/features/landing/site-header";
import { hydrateOnTouch } from "@/lib/hydrate-on-touch";

// Below the hero, each section is read and its links followed from the server's HTML; its code loads and it hydrates
// when a person first reaches into it (web/lib/hydrate-on-touch.tsx): the landing page's script stays within its
// 100 KB with React's runtime (ADR 047). The forms' sections open at once when a draft of theirs is to be put back.
const About = hydrateOnTouch("about", () => import("./about").then((m) => m.About));
const Services = hydrateOnTouch("services", () => import("./services").then((m) => m.Services));
const Training = hydrateOnTouch("training", () => import("./training").then((m) => m.Training));
const Certifications = hydrateOnTouch("certifications", () =>
  import("./certifications").then((m) => m.Certifications),
);
const DocumentsTeaser = hydrateOnTouch("documents", () =>
  import("./documents-teaser").then((m) => m.DocumentsTeaser),
);
const Reviews = hydrateOnTouch("reviews", () => import("./reviews").then((m) => m.Reviews), {
  drafts: ["review"],
});
const Contact = hydrateOnTouch("contact", () => import("./contact").then((m) => m.Contact), {
  drafts: ["contact"],
});
const SiteFooter = hydrateOnTouch("footer", () => import("./site-footer").then((m) => m.SiteFooter));

/** The landing page (docs/product.md, Landing page): one scrolling page of anchored sections under a fixed header. */
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
