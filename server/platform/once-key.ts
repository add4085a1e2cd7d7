// How a write is kept once (ADR 024's "publicForm()" and the forms without script, ADR 048): the key's shape and
// what a write is stored and replayed under. The machinery's own vocabulary, so that platform/ code that derives
// keys (native-post-parts.ts) and the domain that stores them (intake/submissions.ts) share it without platform/
// importing a domain.

/** An Idempotency-Key, or a form's hidden key: 8 to 200 letters, digits, '-', '_', '.' or ':'. */
export const KEY_PATTERN = /^[\w.:-]{8,200}$/;

/** How a write is kept once: stored under `key`, and replayed from any of `replay` (remembered after `since`). */
export interface OnceKey {
  key: string;
  replay: readonly string[];
  since?: Date;
}
