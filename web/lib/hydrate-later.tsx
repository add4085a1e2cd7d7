// Splits a page's first hydration into short tasks (ADR 042). Preact hydrates a whole tree in one pass; on a slow
// phone that is one long task that blocks input (Lighthouse's total blocking time). A boundary below suspends while
// the page hydrates, so Preact keeps its server HTML as it is and hydrates it in a task of its own, one boundary after
// another in page order. Boundaries may nest: those a boundary meets when its turn comes go next, before the
// boundaries after it, so the order stays the page's and the footer stays last. Outside the first hydration (the dev
// server's client render, an in-app navigation) it renders its children at once.
import { type ReactNode, Suspense } from "react";

interface Turn {
  done: boolean;
  /** Resolves when the boundary's turn comes; thrown to suspend until then. */
  turn: Promise<void>;
  start: () => void;
}

let hydrating = false;
/** The boundaries waiting for their turn, in the order they hydrate. */
const queue: Turn[] = [];
/** Where the next boundary met joins the queue: after those met earlier in the same turn, before the older ones. */
let insertAt = 0;
let scheduled = false;
const turns = new Map<string, Turn>();

/** Runs `run` in a task of its own. */
export const nextTask = (run: () => void): void => {
  // A message callback runs as soon as the thread is free, without setTimeout's clamping of nested calls.
  const channel = new MessageChannel();
  channel.port1.onmessage = run;
  channel.port2.postMessage(null);
};

/** Gives the first waiting boundary its turn in a task of its own; hydration ends once none is left. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  nextTask(() => {
    scheduled = false;
    const next = queue.shift();
    if (!next) {
      hydrating = false;
      return;
    }
    insertAt = 0;
    // Preact renders the boundary in this task's microtasks; the boundaries inside it join the queue's front.
    next.start();
    schedule();
  });
}

/** Called by the entry script right before it hydrates prerendered HTML. */
export function startHydration(): void {
  hydrating = true;
  insertAt = 0;
  // With no boundary on the page, hydration is over once the first pass is.
  schedule();
}

function turnOf(name: string): Turn {
  let entry = turns.get(name);
  if (!entry) {
    let start = () => {};
    const turn = new Promise<void>((resolve) => {
      start = resolve;
    });
    const created: Turn = { done: false, turn, start: () => {} };
    created.start = () => {
      // Set before Preact hears of the promise, so the boundary's render passes through.
      created.done = true;
      start();
    };
    entry = created;
    turns.set(name, entry);
    queue.splice(insertAt++, 0, entry);
    schedule();
  }
  return entry;
}

function Wait({ name, children }: { name: string; children: ReactNode }) {
  if (hydrating || turns.has(name)) {
    const entry = turnOf(name);
    // Suspending keeps the server's HTML in place until the turn comes (React and Preact both accept a thrown promise).
    if (!entry.done) throw entry.turn;
  }
  return <>{children}</>;
}

/**
 * Hydrates `children` in a task after the ones before it. `children` must render exactly one element of server HTML
 * (Preact keeps one node in place for a suspended boundary). `name` is unique per page.
 */
export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  if (import.meta.env.SSR) return <>{children}</>;
  return (
    <Suspense>
      <Wait name={name}>{children}</Wait>
    </Suspense>
  );
}
