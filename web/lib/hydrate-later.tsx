// A hydration boundary (ADR 047). React hydrates a page's Suspense boundaries one after another, each in slices that
// yield to input, and hydrates a boundary out of turn when the visitor acts inside it (selective hydration): the
// landing page's sections below the hero, the inner pages' content and footer, the enrollment form's fieldsets and
// the portal's library each commit on their own instead of in one long task. Outside the first hydration (the dev
// server's client render, an in-app navigation) the boundary renders its children at once; nothing in it suspends.
import { type ReactNode, Suspense } from "react";

/** Runs `run` in a task of its own. */
export const nextTask = (run: () => void): void => {
  // A message callback runs as soon as the thread is free, without setTimeout's clamping of nested calls.
  const channel = new MessageChannel();
  channel.port1.onmessage = run;
  channel.port2.postMessage(null);
};

/** Hydrates `children` as a boundary of its own; `name` says which part of the page it is, for the reader. */
export function HydrateLater({ children }: { name: string; children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
