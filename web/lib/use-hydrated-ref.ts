// The ref of a control that takes over early input (web/lib/early-input.ts): once mounted (hydrated), it marks itself
// so the page's inline script sends it what was recorded, then runs `attached` and passes the element on to `ref`.
import { type Ref, useCallback } from "react";
import { markHydrated } from "./early-input";

export function useHydratedRef<T extends HTMLElement>(
  ref: Ref<T> | undefined,
  attached?: (element: T) => void,
) {
  return useCallback(
    (element: T | null) => {
      if (element) {
        markHydrated(element);
        attached?.(element);
      }
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
    [ref, attached],
  );
}
