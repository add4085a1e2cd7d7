import { useEffect } from "react";

/**
 * Inner pages open at the top even when reached from a scrolled page: wouter keeps the scroll
 * position across client-side navigation. Runs in an effect, so prerendering never touches `window`.
 */
export function useScrollToTopOnMount(): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
