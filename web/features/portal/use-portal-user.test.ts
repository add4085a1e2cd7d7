import { describe, expect, it } from "vitest";
import { displayName, formatAccessEnd } from "./use-portal-user";

describe("displayName", () => {
  it("prefers the first name, then the e-mail, then 'User'", () => {
    expect(displayName({ firstName: "Mere", email: "mere@example.com" })).toBe("Mere");
    expect(displayName({ firstName: null, email: "mere@example.com" })).toBe("mere@example.com");
    expect(displayName({ firstName: "", email: "" })).toBe("User");
  });
});

describe("formatAccessEnd", () => {
  it("names the last day of access in Fiji", () => {
    // Staff grant "until 22 December": access ends at 23:59:59.999 in Fiji (UTC+12).
    expect(formatAccessEnd("2026-12-22T11:59:59.999Z")).toBe("22 December 2026");
    // A period ending at Fiji midnight had its last day before it.
    expect(formatAccessEnd("2026-12-22T12:00:00.000Z")).toBe("22 December 2026");
    expect(formatAccessEnd("2026-12-22T12:00:01.000Z")).toBe("23 December 2026");
  });
});
