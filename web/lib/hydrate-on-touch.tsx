// Parts of a page whose code loads when a person first reaches for them (ADR 047). React's runtime is most of a
// public page's script budget (100 KB gzip on the landing page, 130 KB on the others), so a part with nothing to do
// until touched (a landing section, a form with its validation libraries) keeps its server HTML, readable and with
// working links, and hydrates once a pointer, a finger or the keyboard reaches into it. React leaves a Suspense
// boundary whose code is still loading as the server rendered it, and hydrates it when the code arrives.
//
// A touch before the page's own script ran is marked by the page's inline script (web/lib/early-input.ts, the
// `data-touched` attribute), so those parts open as soon as the page hydrates; the click, the submit and the typed
// values it kept are then handed over as for any other control. A part rendered outside the page's first hydration
// (the dev server, an in-app navigation) loads at once.
import { type ComponentType, lazy, Suspense } from "react";
import { TOUCH_ATTRIBUTE, TOUCHED_ATTRIBUTE } from "./early-input";
import { hasDraft } from "./form-draft";

type Load<P> = () => Promise<ComponentType<P>>;

interface Gate {
  open: () => void;
  opened: Promise<void>;
}

const gates = new Map<string, Gate>();
/** Whether a part is to hydrate with the page, without waiting for a touch, by the part's name. */
const atOnce = new Map<string, () => boolean>();
/** Every part's loader, for the build-time renderer, which renders each part in full. */
const loaders: Array<() => Promise<unknown>> = [];

function gateOf(name: string): Gate {
  let gate = gates.get(name);
  if (!gate) {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    gate = { open, opened };
    gates.set(name, gate);
  }
  return gate;
}

/** Opens the part a person reached into (and every part around it). */
function touched(event: Event): void {
  let element = event.target instanceof Element ? event.target.closest(`[${TOUCH_ATTRIBUTE}]`) : null;
  while (element) {
    gateOf(element.getAttribute(TOUCH_ATTRIBUTE) ?? "").open();
    element = element.parentElement?.closest(`[${TOUCH_ATTRIBUTE}]`) ?? null;
  }
}

/** The path whose server HTML the page hydrated; null in a client render with no server HTML (the dev server). */
let hydratingPath: string | null = null;

/**
 * Called by the entry script right before it hydrates: listens for the first touch of each part, and opens the parts
 * touched before the script ran, holding the focus, or with a draft to put back.
 */
export function watchTouches(): void {
  hydratingPath = window.location.pathname;
  for (const type of ["pointerdown", "touchstart", "focusin", "keydown", "input", "submit"]) {
    document.addEventListener(type, touched, { capture: true, passive: true });
  }
  for (const element of document.querySelectorAll(`[${TOUCH_ATTRIBUTE}]`)) {
    const name = element.getAttribute(TOUCH_ATTRIBUTE) ?? "";
    if (
      element.hasAttribute(TOUCHED_ATTRIBUTE) ||
      element.contains(document.activeElement) ||
      atOnce.get(name)?.()
    ) {
      gateOf(name).open();
    }
  }
}

/** Whether this part is server HTML that the page's first hydration is to leave until touched. */
const waitsForTouch = (name: string) =>
  hydratingPath === window.location.pathname &&
  document.querySelector(`[${TOUCH_ATTRIBUTE}="${name}"]`) !== null;

/** Loads every part's code: the build-time renderer renders pages whole. */
export const loadEveryPart = () => Promise.all(loaders.map((load) => load()));

interface PartOptions {
  /** Drafts (web/lib/form-draft.ts) the part's forms put back: the part hydrates at once when one is kept. */
  drafts?: readonly string[];
  /** When the part has something to do as soon as the page is there (a payment to follow, say). */
  openAtOnce?: () => boolean;
}

/**
 * A part of a page that hydrates on its first touch, or at once when it has something to show (`options`). `name`
 * is unique per page; the wrapper takes no room of its own (`display: contents`).
 */
export function hydrateOnTouch<P extends object>(
  name: string,
  load: Load<P>,
  { drafts = [], openAtOnce = () => false }: PartOptions = {},
): ComponentType<P> {
  atOnce.set(name, () => drafts.some(hasDraft) || openAtOnce());
  let Loaded: ComponentType<P> | null = null;
  const loadNow = () =>
    load().then((component) => {
      Loaded = component;
      return { default: component };
    });
  loaders.push(loadNow);
  const Lazy = lazy(() => gateOf(name).opened.then(loadNow));

  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module load, never during render.
  function Part(props: P) {
    const Component = Loaded ?? Lazy;
    // Only the first hydration waits for a touch; anything rendered later needs its code now.
    if (!Loaded && !import.meta.env.SSR && !waitsForTouch(name)) gateOf(name).open();
    return (
      <div {...{ [TOUCH_ATTRIBUTE]: name }} className="contents">
        <Suspense>
          <Component {...props} />
        </Suspense>
      </div>
    );
  }
  Part.displayName = `HydrateOnTouch(${name})`;
  return Part;
}
