// What every public form sends besides its own fields (shared/anti-spam.ts): a honeypot that people never see and
// the time spent on the form, plus an Idempotency-Key so a retried request is stored only once.
import { createElement, type Ref, useEffect, useRef, useState } from "react";

/** A fresh key for one submission attempt; a retry of the same attempt must reuse it. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID exists only in secure contexts; plain-http previews still get a random, well-formed key.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { "Idempotency-Key": key };
}

export interface AntiSpamValues {
  website: string;
  /** Milliseconds since the form was shown, by the page's own monotonic clock (null before hydration). */
  formElapsedMs: number | null;
}

/**
 * The time a person has spent on a form, by the page's own monotonic clock (performance.now, which no clock change
 * or time-zone difference moves), counted from `start()` (hydration: never during the prerendered render), plus
 * the time a restored draft had already spent (`resume`, web/lib/form-draft.ts): a draft finished in a few seconds
 * after coming back is not taken for a bot's fill.
 */
export function formClock(now: () => number = () => performance.now()) {
  let shownAt: number | null = null;
  let earlier = 0;
  return {
    start: () => {
      shownAt = now();
    },
    /** Milliseconds spent, or null before start(). */
    elapsed: (): number | null => (shownAt === null ? null : Math.round(earlier + now() - shownAt)),
    /** Goes on from a draft's time (replacing what a fresh start had counted). */
    resume: (elapsedMs: number) => {
      earlier = elapsedMs;
      shownAt = now();
    },
    restart: () => {
      earlier = 0;
      shownAt = now();
    },
  };
}

/**
 * The anti-spam state of one form: a ref for its <Honeypot>, the values to send, its clock (for the draft) and
 * `restart()` for after a successful submission.
 */
export function useAntiSpam() {
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [clock] = useState(() => formClock());

  useEffect(clock.start, []);

  return {
    honeypotRef,
    antiSpamValues: (): AntiSpamValues => ({
      website: honeypotRef.current?.value ?? "",
      formElapsedMs: clock.elapsed(),
    }),
    clock,
    restart: () => {
      if (honeypotRef.current) honeypotRef.current.value = "";
      clock.restart();
    },
  };
}

/**
 * The honeypot: off-screen, hidden from assistive technology and out of the tab order, so only bots fill it in.
 * (createElement keeps this file a plain .ts module next to the other helpers.)
 */
export function Honeypot({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return createElement(
    "div",
    { "aria-hidden": true, className: "absolute -left-[10000px] top-auto size-px overflow-hidden" },
    createElement("label", { htmlFor: id }, "Website"),
    createElement("input", {
      id,
      ref: inputRef,
      name: "website",
      type: "text",
      tabIndex: -1,
      autoComplete: "off",
      defaultValue: "",
    }),
  );
}

export { serverMessage } from "./api";
