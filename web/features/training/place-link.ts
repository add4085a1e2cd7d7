// "Open place" (docs/product.md, Enrollments): the dashboard's way from an enrollment card to its place in the
// Intakes view's places list. The address's hash names the place by ids only ("#place-12-345": intake, place), never
// by anything personal, so it can be bookmarked or reloaded: the dashboard opens Intakes, the intake's places open
// and the place's row is scrolled into view and marked.
import { useEffect, useRef, useSyncExternalStore } from "react";

export interface PlaceLink {
  intakeId: number;
  placeId: number;
}

const PATTERN = /^#place-(\d+)-(\d+)$/;

export const placeHash = (link: PlaceLink) => `#place-${link.intakeId}-${link.placeId}`;

/** The place a hash names, or null for any other hash. */
export function readPlaceHash(hash: string): PlaceLink | null {
  const match = PATTERN.exec(hash);
  return match ? { intakeId: Number(match[1]), placeId: Number(match[2]) } : null;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
};

/** The hash as a string, so React compares it by value; "" while prerendering. */
const currentHash = () => window.location.hash;

/** The place the address names now, following every change of its hash. */
export function usePlaceLink(): PlaceLink | null {
  return readPlaceHash(useSyncExternalStore(subscribe, currentHash, () => ""));
}

/** Names the place in the address; naming it again (a second click) is a change too, so it is shown again. */
export function openPlace(link: PlaceLink): void {
  const hash = placeHash(link);
  if (window.location.hash === hash) {
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }
  window.location.hash = hash;
}

/** Calls `show` when the address names a place: once on arrival, then at each "Open place". */
export function useOnPlaceLink(show: () => void): void {
  const latest = useRef(show);
  latest.current = show;
  useEffect(() => {
    const check = () => {
      if (readPlaceHash(window.location.hash)) latest.current();
    };
    check();
    return subscribe(check);
  }, []);
}
