import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countryCallingCode,
  inAllowedCountry,
  PROBLEM_NOT_A_NUMBER,
  PROBLEM_NOT_MOBILE,
  toMobileE164,
} from "./phone-numbers";

describe("toMobileE164", () => {
  it.each([
    ["7012345", "+6797012345"],
    ["701 2345", "+6797012345"],
    ["701-2345", "+6797012345"],
    [" 921 2345 ", "+6799212345"],
    ["831\u00a02345", "+6798312345"],
    ["+679 701 2345", "+6797012345"],
    ["(+679) 701-2345", "+6797012345"],
    ["00679 701 2345", "+6797012345"],
  ])("reads the Fiji mobile %j as %s", (typed, e164) => {
    expect(toMobileE164(typed)).toEqual({ e164, country: "FJ" });
  });

  it.each([
    ["+61 412 345 678", "+61412345678", "AU"],
    ["0061 412 345 678", "+61412345678", "AU"],
    ["+64 21 123 4567", "+64211234567", "NZ"],
    ["+677 741 2345", "+6777412345", "SB"],
    ["+678 591 2345", "+6785912345", "VU"],
    ["+676 771 2345", "+6767712345", "TO"],
    ["+685 721 2345", "+6857212345", "WS"],
    ["+675 7012 3456", "+67570123456", "PG"],
  ])("reads the Pacific mobile %j with its country code", (typed, e164, country) => {
    expect(toMobileE164(typed)).toEqual({ e164, country });
  });

  it("accepts most 7-digit Fiji numbers from 7, 8 and 9, so the property below is not vacuous", () => {
    const accepted = ["7000000", "7999999", "8312345", "9000000", "9999999"].filter(
      (n) => "e164" in toMobileE164(n),
    );
    expect(accepted.length).toBeGreaterThanOrEqual(4);
  });

  it.each(["331 2345", "3312345", "+679 331 2345", "00679 330 1234", "+61 2 9876 5432"])(
    "refuses the landline %j",
    (typed) => {
      expect(toMobileE164(typed)).toEqual({ problem: PROBLEM_NOT_MOBILE });
    },
  );

  it.each([
    "",
    "12345",
    "70123456", // 8 digits: not Fiji, and no country code
    "0412 345 678", // an Australian mobile without +61
    "021 123 4567", // a New Zealand mobile without +64
    "+679 123 4567", // no Fiji number starts with 1
    "+679 701 23456",
    "call 7012345",
    "7012345 ext 2",
    "+",
  ])("refuses %j, asking for a country code", (typed) => {
    expect(toMobileE164(typed)).toEqual({ problem: PROBLEM_NOT_A_NUMBER });
  });

  it("reads 7-digit numbers starting 7, 8 or 9 as +679 whatever the separators", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("7", "8", "9"),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 6 }),
        fc.array(fc.constantFrom("", " ", "-"), { minLength: 6, maxLength: 6 }),
        (first, rest, separators) => {
          const typed = first + rest.map((d, i) => separators[i] + String(d)).join("");
          const result = toMobileE164(typed);
          // Not every such range is a mobile (880 xxxx is not, for one); whatever is accepted is this +679 number.
          if ("e164" in result)
            expect(result).toEqual({ e164: `+679${first}${rest.join("")}`, country: "FJ" });
          else expect([PROBLEM_NOT_A_NUMBER, PROBLEM_NOT_MOBILE]).toContain(result.problem);
        },
      ),
    );
  });

  it("gives a number or a sentence for any input, never throws", () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const result = toMobileE164(typed);
        if ("e164" in result) expect(result.e164).toMatch(/^\+[1-9]\d{6,14}$/);
        else expect([PROBLEM_NOT_A_NUMBER, PROBLEM_NOT_MOBILE]).toContain(result.problem);
      }),
    );
  });
});

describe("countryCallingCode", () => {
  it.each([
    ["+6797012345", "679"],
    ["+6793312345", "679"],
    ["+61412345678", "61"],
    ["+64211234567", "64"],
    ["+12125550123", "1"],
  ])("%s is from +%s", (e164, code) => {
    expect(countryCallingCode(e164)).toBe(code);
  });

  it.each(["7012345", "679 701 2345", "+679 701 2345", "", "+0123456789"])("is null for %j", (text) => {
    expect(countryCallingCode(text)).toBeNull();
  });
});

describe("inAllowedCountry", () => {
  it("allows only the listed country codes, never a number that is not E.164", () => {
    expect(inAllowedCountry("+6797012345", ["679"])).toBe(true);
    expect(inAllowedCountry("+61412345678", ["679"])).toBe(false);
    expect(inAllowedCountry("+61412345678", ["679", "61"])).toBe(true);
    // "+67..." is not "+679": the code is read whole, not by prefix.
    expect(inAllowedCountry("+6797012345", ["67"])).toBe(false);
    expect(inAllowedCountry("7012345", ["679"])).toBe(false);
  });
});
