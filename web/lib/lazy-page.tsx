// Route-level code splitting that still hydrates prerendered HTML without a flash: the client entry preloads the
// current route's chunk before hydrateRoot, after which the page renders synchronously like an eager import.
import { type ComponentType, lazy } from "react";

export type PageComponent = (() => React.JSX.Element) & { preload: () => Promise<unknown> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): PageComponent {
  let Loaded: ComponentType | null = null;
  const Lazy = lazy(load);
  const preload = () =>
    load().then((mod) => {
      Loaded = mod.default;
      return mod;
    });
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module load, never during render.
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
