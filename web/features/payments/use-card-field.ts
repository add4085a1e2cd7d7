// Mounts a card provider's own card field into the container this hook hands back, once the provider has loaded and
// the container is on screen, and reports whether the field came ("ready") or not ("unavailable"). Shared by the
// portal's card checkout and the course-fee payment page.
import { useEffect, useRef } from "react";
import type { BrowserCardProvider } from "./card-provider-contract";

export function useCardField(
  provider: BrowserCardProvider | null,
  clientSecret: () => string | null,
  onMounted: (state: "ready" | "unavailable") => void,
) {
  const container = useRef<HTMLDivElement>(null);
  // Read when the provider arrives: the secret and the callback of that moment.
  const latest = useRef({ clientSecret, onMounted });
  latest.current = { clientSecret, onMounted };
  useEffect(() => {
    const secret = latest.current.clientSecret();
    if (!provider || !container.current || secret === null) return;
    let current = true;
    provider.mount(container.current, secret).then(
      () => current && latest.current.onMounted("ready"),
      () => current && latest.current.onMounted("unavailable"),
    );
    return () => {
      current = false;
    };
  }, [provider]);
  return container;
}
