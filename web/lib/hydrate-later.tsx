// Splits a page's first hydration into short tasks (ADR 042). Preact hydrates a whole tree in one pass; on a slow
// phone that is one long task that blocks input (Lighthouse's total blocking time). A boundary below suspends while
// the page hydrates, so Preact keeps its server HTML as it is and hydrates it in a task of its own, one boundary after
// another in page order. Outside the first hydration (the dev server's client render, an in-app navigation) it
// renders its children at once.
import { type ReactNode, Suspense } from "react";

let hydrating = false;
/** Resolves one task after the previous boundary's turn, so each boundary hydrates in a task of its own. */
let lastTurn: Promise<void> = Promise.resolve();
const turns = new Map<string, { done: boolean; turn: Promise<void> }>();

const nextTask = () =>
  new Promise<void>((resolve) => {
    // A message callback runs as soon as the thread is free, without setTimeout's clamping of nested calls.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Called by the entry script right before it hydrates prerendered HTML. */
export function startHydration(): void {
  hydrating = true;
  // Once every boundary has had its turn, later renders (in-app navigations) no longer wait.
  setTimeout(() => {
    hydrating = false;
  }, 0);
}

function turnOf(name: string) {
  let entry = turns.get(name);
  if (!entry) {
    lastTurn = lastTurn.then(nextTask);
    const created = { done: false, turn: lastTurn };
    created.turn.then(() => {
      created.done = true;
    });
    entry = created;
    turns.set(name, entry);
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

/** Hydrates `children` (one element of server HTML) in a task after the ones before it. `name` is unique per page. */
export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  if (import.meta.env.SSR) return <>{children}</>;
  return (
    <Suspense>
      <Wait name={name}>{children}</Wait>
    </Suspense>
  );
}
