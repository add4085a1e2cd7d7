import { PORTAL_POPUP } from "@shared/constants";
import ExternalLink from "lucide-react/icons/external-link";
import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { COMPANY } from "@/content/company";
import { NAV_ITEMS } from "@/features/landing/sections";
import { POPUP_ATTRIBUTE } from "@/lib/early-input";
import { scrollToTop } from "@/lib/scroll";
import { Wordmark } from "./logo";
import { SectionLink, TOP } from "./section-link";

const PORTAL_WINDOW = "documentPortal";
const PORTAL_FEATURES = `width=${PORTAL_POPUP.width},height=${PORTAL_POPUP.height},scrollbars=yes,resizable=yes`;

/** "Portal Access" opens the portal in its own 1200x800 window, scrollable and resizable (docs/product.md, Landing page). */
export function openPortalPopup(): void {
  window.open("/portal", PORTAL_WINDOW, PORTAL_FEATURES);
}

/**
 * "Portal Access" is a link to /portal in a window of its own: with no script it opens there (a tab), before the
 * page's script the inline early-input script opens the 1200x800 window, and after it this handler does.
 */
function PortalLink({ className, onOpen }: { className?: string; onOpen: () => void }) {
  return (
    <Button variant="accent" className={className} asChild>
      <a
        href="/portal"
        target={PORTAL_WINDOW}
        {...{ [POPUP_ATTRIBUTE]: PORTAL_FEATURES }}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
          openPortalPopup();
        }}
      >
        Portal Access
        <ExternalLink aria-hidden="true" />
      </a>
    </Button>
  );
}

const MOBILE_MENU_ID = "mobile-menu";
/** The landing page's <main> carries this id so the skip link can jump past the header. */
export const MAIN_ID = "main-content";

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and returns focus to its toggle (the usual disclosure-menu contract).
  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white shadow-sm">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-md bg-brand-950 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-10 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a
          href={`#${TOP}`}
          onClick={(event) => {
            event.preventDefault();
            closeMenu();
            scrollToTop();
          }}
          className="rounded-md"
        >
          <Wordmark name={COMPANY.name} tagline="CAAF Certified" />
          <span className="sr-only">, top of page</span>
        </a>

        <nav aria-label="Main" className="flex items-center">
          <ul className="hidden items-center gap-1 md:flex">
            {NAV_ITEMS.map((item) => (
              <li key={item.target}>
                <SectionLink variant="ghost" target={item.target}>
                  {item.label}
                </SectionLink>
              </li>
            ))}
            <li className="ml-3">
              <PortalLink onOpen={closeMenu} />
            </li>
          </ul>

          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6!" />
            ) : (
              <Menu aria-hidden="true" className="size-6!" />
            )}
          </Button>

          <div
            id={MOBILE_MENU_ID}
            hidden={!menuOpen}
            className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg md:hidden"
          >
            <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6">
              {NAV_ITEMS.map((item) => (
                <li key={item.target}>
                  <SectionLink
                    variant="ghost"
                    className="h-12 w-full justify-start text-base"
                    target={item.target}
                    onNavigate={closeMenu}
                  >
                    {item.label}
                  </SectionLink>
                </li>
              ))}
              <li className="mt-2">
                <PortalLink className="h-12 w-full text-base" onOpen={closeMenu} />
              </li>
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}
