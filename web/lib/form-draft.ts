// Drafts kept on this device (docs/product.md, Forms that survive the connection; ADR 041): as a person types into a
// public or payment form, the fields it names are written to localStorage, and put back when they come back, for
// 7 days. Only the fields a form lists are kept, and never a card's number, expiry or security code. Storage is
// read as untrusted text: an entry that is not what we wrote is removed, a value of the wrong type is dropped.
import { useEffect, useMemo, useRef, useState } from "react";

export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const DRAFT_PREFIX = "form-draft:";

/** Card details are never written, whatever a form lists (the card number, expiry and CVV/CVC/CSC). */
const NEVER_KEPT = /(^|\.)(number|card\w*|expiry\w*|exp(Month|Year)|cvv|cvc|csc|securityCode)$/i;

export type DraftValue = string | number | boolean;
export type DraftValues = Record<string, DraftValue>;

interface StoredDraft {
  values: DraftValues;
  /** Milliseconds already spent on the form (the anti-spam clock, shared/anti-spam.ts). */
  elapsedMs: number;
  savedAt: number;
  /** The Idempotency-Key of a queued submission of exactly these values (web/lib/send-queue.ts). */
  key?: string;
}

/** localStorage, or null where there is none (server render, storage turned off or full). */
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The parsed JSON under `name`, or undefined; junk is removed. */
export function readStored(name: string): unknown {
  try {
    const raw = store()?.getItem(name);
    return raw == null ? undefined : JSON.parse(raw);
  } catch {
    forget(name);
    return undefined;
  }
}

/** Writes JSON; a full or refused storage only means nothing is kept. */
export function writeStored(name: string, value: unknown): void {
  try {
    store()?.setItem(name, JSON.stringify(value));
  } catch {}
}

export function forget(name: string): void {
  try {
    store()?.removeItem(name);
  } catch {}
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isTime = (value: unknown): value is number => typeof value === "number" && value >= 0;

/** The value at a dotted path ("billing.city"). */
function valueAt(values: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((at, part) => (isRecord(at) ? at[part] : undefined), values);
}

/**
 * The listed fields of `values` (the form's, nested; or a draft's, flat by dotted name) whose value has the type of
 * the same field in `template` (the form's empty values); card fields never.
 */
export function keptValues(
  values: unknown,
  template: object,
  fields: readonly string[],
  flat = false,
): DraftValues {
  const kept: DraftValues = {};
  for (const field of fields) {
    const value = flat ? (values as Record<string, unknown>)[field] : valueAt(values, field);
    const expected = typeof valueAt(template, field);
    if (!NEVER_KEPT.test(field) && typeof value === expected && expected !== "object") {
      kept[field] = value as DraftValue;
    }
  }
  return kept;
}

function readDraft(name: string, now: number): StoredDraft | null {
  const stored = readStored(DRAFT_PREFIX + name);
  if (stored === undefined) return null;
  if (
    !isRecord(stored) ||
    !isRecord(stored.values) ||
    !isTime(stored.elapsedMs) ||
    !isTime(stored.savedAt) ||
    now - stored.savedAt > DRAFT_MAX_AGE_MS
  ) {
    forget(DRAFT_PREFIX + name);
    return null;
  }
  return stored as unknown as StoredDraft;
}

/** The draft of form `name` (only fields typed as in `template`), or null when there is none or it expired. */
export function loadDraft(
  name: string,
  template: object,
  fields: readonly string[] = Object.keys(template),
  now = Date.now(),
): { values: DraftValues; elapsedMs: number } | null {
  const draft = readDraft(name, now);
  return draft && { values: keptValues(draft.values, template, fields, true), elapsedMs: draft.elapsedMs };
}

export function saveDraft(name: string, values: DraftValues, elapsedMs: number, now = Date.now()): void {
  writeStored(DRAFT_PREFIX + name, { values, elapsedMs: Math.max(0, Math.round(elapsedMs)), savedAt: now });
}

/** Whether something is kept under this draft's name (read without parsing: a part opens to put it back). */
export function hasDraft(name: string): boolean {
  try {
    return store()?.getItem(DRAFT_PREFIX + name) != null;
  } catch {
    return false;
  }
}

export function clearDraft(name: string): void {
  forget(DRAFT_PREFIX + name);
}

/** Marks the draft as the values of the queued submission `key`, so its sending can clear it. */
export function markDraftQueued(name: string, key: string): void {
  const draft = readDraft(name, Date.now());
  if (draft) writeStored(DRAFT_PREFIX + name, { ...draft, key });
}

/** Clears the draft if it is still what submission `key` sent (not edited since); says whether it did. */
export function clearDraftSentAs(name: string, key: string): boolean {
  if (readDraft(name, Date.now())?.key !== key) return false;
  clearDraft(name);
  return true;
}

/** Told to the form on the page when a queued submission of its draft was sent (web/lib/send-queue.ts). */
export const DRAFT_SENT_EVENT = "form-draft-sent";

/** The anti-spam clock of a form (web/lib/submission.ts): time spent so far, and going on from a draft's. */
export interface DraftClock {
  elapsed(): number | null;
  resume(elapsedMs: number): void;
}

interface DraftOptions {
  /** The form's empty values: which fields exist and of what type. */
  template: object;
  /** The fields kept (dotted for nested ones); all of the template's top-level fields by default. */
  fields?: readonly string[];
  /** The form's current values. */
  read: () => unknown;
  /** Puts a draft's values back into the form, over its current values (the other fields stay as they are). */
  restore: (values: DraftValues) => void;
  /** Empties the form (Clear, or its queued submission was sent). */
  reset: () => void;
  clock?: DraftClock;
}

/** The draft keeping of one form: `mount()` restores and listens, answering what undoes it. */
function draftKeeper(name: string, latest: { current: DraftOptions }, setRestored: (on: boolean) => void) {
  let pending: ReturnType<typeof setTimeout> | undefined;

  function save() {
    pending = undefined;
    const { template, fields = Object.keys(template), read, clock } = latest.current;
    const values = keptValues(read(), template, fields);
    const empty = keptValues(template, template, fields);
    // A form put back to its empty values (every field deleted) leaves no draft to restore.
    if (Object.keys(values).every((field) => values[field] === empty[field])) clearDraft(name);
    else saveDraft(name, values, clock?.elapsed() ?? 0);
  }

  function reset() {
    clearTimeout(pending);
    pending = undefined;
    latest.current.reset();
    setRestored(false);
  }

  return {
    mount() {
      const { template, fields = Object.keys(template), read, restore, clock } = latest.current;
      const loaded = loadDraft(name, template, fields);
      // A draft goes only into fields still empty: what was typed before the page's script ran is newer.
      const now = keptValues(read(), template, fields);
      const empty = keptValues(template, template, fields);
      const values = Object.fromEntries(
        Object.entries(loaded?.values ?? {}).filter(([field]) => now[field] === empty[field]),
      );
      if (loaded && Object.keys(values).length > 0) {
        restore(values);
        clock?.resume(loaded.elapsedMs);
        setRestored(true);
      }
      const sent = (event: Event) => {
        if ((event as CustomEvent<string>).detail === name) reset();
      };
      addEventListener(DRAFT_SENT_EVENT, sent);
      return () => {
        removeEventListener(DRAFT_SENT_EVENT, sent);
        // Leaving the page in the same moment as the last keystroke still keeps it.
        if (pending !== undefined) {
          clearTimeout(pending);
          save();
        }
      };
    },
    /** After an input: saved once React has applied it (a task later), so the values read are the new ones. */
    changed() {
      clearTimeout(pending);
      pending = setTimeout(save);
    },
    /** Empties the form and forgets its draft. */
    clear() {
      reset();
      clearDraft(name);
    },
  };
}

/**
 * Keeps form `name`'s draft: restores it after hydration (the page is prerendered empty), saves it after each
 * input (`changed`, for the form's onInput), and `clear()` empties both the form and the draft.
 */
export function useFormDraft(name: string, options: DraftOptions) {
  const latest = useRef(options);
  latest.current = options;
  const [restored, setRestored] = useState(false);
  const keeper = useMemo(() => draftKeeper(name, latest, setRestored), [name]);
  useEffect(() => keeper.mount(), [keeper]);
  return { restored, changed: keeper.changed, clear: keeper.clear };
}

/**
 * The draft options of a small public form (contact, review): its `useFormValues` state, and a reset that also
 * restarts its submission's anti-spam clock (`usePublicSubmission`).
 */
export function valuesDraft<T extends object>(
  template: T,
  form: { values: T; restore: (saved: Partial<T>) => void; reset: () => void },
  submission: { restart: () => void; clock: DraftClock },
): DraftOptions {
  return {
    template,
    read: () => form.values,
    restore: (saved) => form.restore(saved as Partial<T>),
    reset: () => {
      form.reset();
      submission.restart();
    },
    clock: submission.clock,
  };
}
