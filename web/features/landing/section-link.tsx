// A way to a section of the landing page is a link to it (#services, or #home, the hero, for the top): it works from the first
// paint and with no script at all (the stylesheet scrolls smoothly, and its scroll padding keeps the heading clear of
// the fixed header). With script, it scrolls as the rest of the page does, honouring reduced motion, and moves the
// keyboard focus into the section. The spec calls these buttons; they are links on purpose (docs/product.md).
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { SECTION_IDS } from "@/features/landing/sections";
import { scrollToSection, scrollToTop } from "@/lib/scroll";

/** The top of the page: the hero, which starts it (the link check follows every fragment to its element). */
export const TOP = SECTION_IDS.home;

export function SectionLink({
  target,
  onNavigate,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, "asChild" | "onClick" | "type"> & {
  target: string;
  /** Runs before the scroll (the mobile menu closes). */
  onNavigate?: () => void;
}) {
  return (
    <Button asChild {...props}>
      <a
        href={`#${target}`}
        onClick={(event) => {
          event.preventDefault();
          onNavigate?.();
          if (target === TOP) scrollToTop();
          else scrollToSection(target);
        }}
      >
        {children}
      </a>
    </Button>
  );
}
