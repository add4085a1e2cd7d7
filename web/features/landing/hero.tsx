import { BRAND, pictureImage } from "@shared/brand";
import ArrowRight from "lucide-react/icons/arrow-right";
import MapPin from "lucide-react/icons/map-pin";
import ShieldCheck from "lucide-react/icons/shield-check";
import Users from "lucide-react/icons/users";
import { fillText } from "@/content/fill-text";
import { HERO_TEXT } from "@/features/landing/hero-text";
import { SECTION_IDS } from "@/features/landing/sections";
import { hydrateOnTouch } from "@/lib/hydrate-on-touch";
import { SectionLink } from "./section-link";

// A drawing with nothing to do: its code loads only if someone reaches into it (web/lib/hydrate-on-touch.tsx).
const HeroIllustration = hydrateOnTouch("hero-illustration", () =>
  import("./hero-illustration").then((m) => m.HeroIllustration),
);

const HIGHLIGHT_ICONS = [ShieldCheck, Users, MapPin] as const;

// A function: the words are the owner's (ADR 058) and the city a setting (ADR 036), read when the hero renders.
const highlights = () =>
  HERO_TEXT.highlights.map((text, index) => ({
    icon: HIGHLIGHT_ICONS[index % HIGHLIGHT_ICONS.length] ?? ShieldCheck,
    text: fillText(text),
  }));

export function Hero() {
  return (
    <section
      id={SECTION_IDS.home}
      aria-labelledby="home-title"
      className="relative isolate overflow-hidden bg-brand-950 pt-16 text-white focus:outline-none"
    >
      {/* Layered gradients: night-sky navy into Pacific teal, with a warm horizon glow. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_80%_20%,rgba(45,212,191,0.28),transparent_55%),radial-gradient(ellipse_at_10%_90%,rgba(251,191,36,0.16),transparent_50%),linear-gradient(160deg,var(--color-brand-950)_0%,var(--color-brand-900)_45%,var(--color-ocean-700)_130%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(188,214,255,0.06)_1px,transparent_1px),linear-gradient(90deg,rgba(188,214,255,0.06)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]"
      />

      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-brand-50">
            <span className="size-2 rounded-full bg-sun-400" aria-hidden="true" />
            {HERO_TEXT.badge}
          </p>
          <h1
            id="home-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {HERO_TEXT.titleStart} <span className="text-ocean-100">{HERO_TEXT.titleHighlight}</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-brand-100 sm:text-xl">
            {fillText(HERO_TEXT.lead)}
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <SectionLink
              variant="inverse"
              size="lg"
              className="focus-visible:outline-white!"
              target={SECTION_IDS.services}
            >
              Our Services
              <ArrowRight aria-hidden="true" />
            </SectionLink>
            <SectionLink
              variant="outline"
              size="lg"
              className="border-white/40 bg-transparent text-white hover:bg-white/10 focus-visible:outline-white!"
              target={SECTION_IDS.contact}
            >
              Get In Touch
            </SectionLink>
          </div>
          <ul className="mt-10 grid gap-3 text-sm text-brand-100 sm:grid-cols-3">
            {highlights().map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-ocean-100" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroPicture />
      </div>
    </section>
  );
}

/** The owner's hero picture when Settings has one (ADR 060), else the drawing. */
function HeroPicture() {
  const className = "mx-auto w-full max-w-xs sm:max-w-md lg:max-w-none";
  const hero = BRAND.hero;
  if (!hero) return <HeroIllustration className={className} />;
  const { alt, ...image } = pictureImage(hero, "(min-width: 1024px) 40vw, (min-width: 640px) 448px, 100vw");
  return (
    <img
      {...image}
      alt={alt}
      fetchPriority="high"
      className={`${className} h-auto rounded-2xl object-cover shadow-2xl ring-1 ring-white/15`}
    />
  );
}
