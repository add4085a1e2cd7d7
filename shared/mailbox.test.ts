import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mailboxKey } from "./mailbox";

// Local parts as people type them: letters, digits and dots, with an optional +tag.
const name = fc.stringMatching(/^[a-z0-9]([a-z0-9.]{0,14}[a-z0-9])?$/);
const tag = fc.stringMatching(/^[a-zA-Z0-9.+_-]{0,10}$/);
const otherDomain = fc
  .stringMatching(/^[a-z0-9-]{1,12}\.(com|fj|com\.fj|org)$/)
  .filter((d) => !d.includes("gmail"));
/** The same text with each letter's case chosen by `upper`. */
const recase = (text: string, upper: boolean[]) =>
  [...text].map((c, i) => (upper[i % Math.max(upper.length, 1)] ? c.toUpperCase() : c)).join("");
/** The same text with dots put in after some characters (as Gmail ignores them). */
const dotted = (text: string, at: boolean[]) =>
  [...text].map((c, i) => (at[i % Math.max(at.length, 1)] ? `${c}.` : c)).join("");

describe("mailboxKey", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (email) => {
        expect(mailboxKey(mailboxKey(email))).toBe(mailboxKey(email));
      }),
    );
  });

  it("maps case, +tag, dot and googlemail variants of a Gmail address to one key", () => {
    fc.assert(
      fc.property(
        name,
        tag,
        fc.array(fc.boolean()),
        fc.array(fc.boolean()),
        fc.constantFrom("gmail.com", "googlemail.com", "GMail.com", "GoogleMail.COM"),
        (local, plus, upper, dots, domain) => {
          const typed = `${recase(dotted(local, dots), upper)}${plus ? `+${plus}` : ""}@${domain}`;
          expect(mailboxKey(typed)).toBe(`${local.replaceAll(".", "")}@gmail.com`);
        },
      ),
    );
  });

  it("maps case and +tag variants of other domains to one key, keeping their dots", () => {
    fc.assert(
      fc.property(name, tag, fc.array(fc.boolean()), otherDomain, (local, plus, upper, domain) => {
        const typed = recase(`${local}${plus ? `+${plus}` : ""}@${domain}`, upper);
        expect(mailboxKey(typed)).toBe(`${local}@${domain}`);
      }),
    );
  });

  it("keeps two addresses apart that differ only by a dot, outside Gmail", () => {
    expect(mailboxKey("Jo.Smith@fijiairways.com.fj")).not.toBe(mailboxKey("josmith@fijiairways.com.fj"));
    expect(mailboxKey("jo.smith@gmail.com")).toBe(mailboxKey("JoSmith+course@googlemail.com"));
  });
});
