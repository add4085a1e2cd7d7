import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from "./return-path";

const SITE = "https://rpas.example.test";

/** How a browser resolves a redirect to `path` from our site; tabs and line breaks are dropped on the way. */
const landsOn = (path: string) => new URL(path, SITE).origin;

/** Values that are not a path on this site once a browser has read them (or not a path at all). */
const OFF_SITE: unknown[] = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\\evil",
  "\\\\evil",
  "//evil.example",
  "///evil.example",
  "%2F%2Fevil",
  "/%2F/evil",
  "/%5Cevil",
  "/%09/evil",
  "/.//evil.example",
  "https://evil.example/portal",
  "javascript:alert(1)",
  " /portal",
  "portal",
  "",
  `/${"a".repeat(RETURN_PATH_MAX_LENGTH)}`,
  null,
  undefined,
  42,
];

describe("safeReturnPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    for (const path of ["/portal", "/portal?tab=1#library", "/sign-in?returnTo=%2Fportal"]) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it("refuses what a browser would read as another site", () => {
    for (const value of OFF_SITE) expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
  });

  it("property: whatever it accepts stays on this site, has no control character and is accepted again", () => {
    const tricky = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      "\r",
      "\u0000",
      "%2F",
      "%5C",
      "%09",
      ".",
      ":",
      "?",
      "#",
      "@",
      "evil.example",
    );
    const candidate = fc.oneof(
      fc.string(),
      fc
        .array(fc.oneof(tricky, fc.string({ maxLength: 4 })), { maxLength: 8 })
        .map((parts) => parts.join("")),
      fc.webPath(),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const accepted = safeReturnPath(value);
        if (accepted === null) return;
        expect(landsOn(accepted)).toBe(SITE);
        expect(landsOn(`${SITE}${accepted}`)).toBe(SITE);
        expect([...accepted].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f" || c === "\\")).toBe(false);
        expect(accepted.startsWith("//")).toBe(false);
        expect(safeReturnPath(accepted)).toBe(accepted);
      }),
      { numRuns: 2000 },
    );
  });

  it("property: a slash followed by any control character and a host is refused", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x1f }),
        fc.domain(),
        (code, host) => safeReturnPath(`/${String.fromCharCode(code)}/${host}`) === null,
      ),
    );
  });

  it("property: ordinary site paths are kept", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        return safeReturnPath(path) === path;
      }),
    );
  });
});
