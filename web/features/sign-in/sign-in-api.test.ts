import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./sign-in-api";

describe("safeReturnTo", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeReturnTo("/portal")).toBe("/portal");
    expect(safeReturnTo("/portal?tab=1")).toBe("/portal?tab=1");
  });

  it("drops what a browser would read as another site, or not as a path", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "%2F%2Fevil.example",
      "/%2F%2Fevil.example",
      "https://evil.example/portal",
      "portal",
      "",
      null,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeUndefined();
    }
  });

  it("drops paths longer than the server keeps", () => {
    expect(safeReturnTo(`/${"a".repeat(200)}`)).toBeUndefined();
  });
});
