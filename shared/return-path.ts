// Where to send someone after signing in (?returnTo=, a saved OIDC state, the sign-in screens): only a path on this
// site, checked the way a browser will read it. Browsers drop tabs and line breaks inside addresses and read "\" as
// "/", so "/\t/evil.example" and "/\\evil" are another site's address in disguise; anything with a control
// character, a backslash, or a start that parses to another origin is refused rather than cleaned up.

/** The longest return path kept (the sign-in row stores at most this many characters). */
export const RETURN_PATH_MAX_LENGTH = 200;

// A base no real site uses: a path that resolves to another origin against it leaves the site anywhere.
const PROBE_ORIGIN = "https://return-path.invalid";

// C0 controls, DEL and the C1 block: invisible, and some are dropped by URL parsers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Breaks out of the site when read as a path: "//host", "/\host", or a backslash or control character anywhere. */
function unsafe(path: string): boolean {
  return !path.startsWith("/") || path.startsWith("//") || path.includes("\\") || CONTROL.test(path);
}

/**
 * The path as a browser will read it (parsed and re-serialised) if it stays on this site, else null. Also refused: the same tricks hidden behind
 * percent-encoding ("/%2F/evil", "/%09/evil"), since some code down the line decodes once more, and anything longer
 * than RETURN_PATH_MAX_LENGTH (cut short, it would be another path).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (unsafe(value)) return null;
  const once = decoded(value);
  if (once === null || unsafe(once)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // The parsed form is what is kept and later sent: checked again, since dot segments can turn "/.//evil" into
  // "//evil", which would leave the site as a redirect target.
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return resolved.length <= RETURN_PATH_MAX_LENGTH && !unsafe(resolved) ? resolved : null;
}
