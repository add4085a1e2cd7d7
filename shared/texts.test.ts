import { describe, expect, it } from "vitest";
import { maskNumber, textConsentWording } from "./texts";

describe("texts", () => {
  it("masks a number so a person knows it but cannot copy it", () => {
    expect(maskNumber("+6797012345")).toBe("+679 70•••45");
    expect(maskNumber("+61412345678")).toBe("+61 41•••78");
  });

  it("names the company, the kinds of texts and how to stop", () => {
    const words = textConsentWording("Pacific Drones Ltd");
    expect(words).toContain("Pacific Drones Ltd will text");
    expect(words).toMatch(/offers and their pay deadline/);
    expect(words).toMatch(/link to stop them/);
  });
});
