// A way to a section of the landing page is a link to it (#services, or #top for the top): it works from the first
// paint and with no script at all (the stylesheet scrolls smoothly, and its scroll padding keeps the heading clear of
// the fixed header). With script, it scrolls as the rest of the page does, honouring reduced motion, and moves the
// keyboard focus into the section. The spec calls these buttons; they are links on purpose (docs/product.md).
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { scrollToSection, scrollToTop } from "@/lib/scroll";

/** The top of the page: a fragment the browser scrolls to the top for, with no element of that name. */
export const TOP = "top";

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
