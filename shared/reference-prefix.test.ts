// The shapes every check of a number or reference uses (ADR 056): any prefix of 2 to 6 capital letters.
import { describe, expect, it } from "vitest";
import { formatCertificateNumber } from "./certificates";
import { REFERENCE_PREFIX } from "./constants";
import { WALLET_REFERENCE_PATTERN } from "./contracts/payments";
import { DEFAULT_SETTINGS, SettingsSchema } from "./settings";

describe("reference prefixes", () => {
  it("defaults to the company's initials", () => {
    expect(DEFAULT_SETTINGS.referencePrefix).toBe("PSR");
  });

  it.each(["PS", "PSR", "SKYFJ", "ABCDEF"])("accepts %s as a prefix, in numbers and references", (prefix) => {
    expect(SettingsSchema.shape.referencePrefix.safeParse(prefix).success).toBe(true);
    expect(formatCertificateNumber(prefix, "advanced", 2027, 7)).toBe(`${prefix}-A-2027-0007`);
    expect(WALLET_REFERENCE_PATTERN.test(`${prefix}-7QK2M4XB3D`)).toBe(true);
  });

  it.each(["P", "ABCDEFG", "psr", "Psr", "PS1", "P-S", "PS R", "ÀBC", ""])("refuses %o", (prefix) => {
    expect(REFERENCE_PREFIX.pattern.test(prefix)).toBe(false);
    expect(SettingsSchema.shape.referencePrefix.safeParse(prefix).success).toBe(false);
    expect(WALLET_REFERENCE_PATTERN.test(`${prefix}-7QK2M4XB3D`)).toBe(false);
  });

  it("keeps the ten base-32 characters after the prefix", () => {
    for (const tail of ["7QK2M4XB9", "7QK2M4XB3DX", "7qk2m4xb9d", "7QK2M4XB91"]) {
      expect(WALLET_REFERENCE_PATTERN.test(`PSR-${tail}`)).toBe(false);
    }
  });
});
