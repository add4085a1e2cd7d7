import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cardBrand,
  checkCard,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isValidCardNumber,
  isValidCvv,
  isValidExpiry,
} from "./card-format";

const NOW = new Date(2026, 4, 15); // 15 May 2026
const validExpiry = (value: string) => isValidExpiry(value, NOW);

/** For each [input, expected]: `fn(input)` is `expected` (a failure names its input). */
function expectEach<T>(fn: (input: string) => T, cases: [string, T][]) {
  for (const [input, expected] of cases) expect(fn(input), JSON.stringify(input)).toBe(expected);
}

describe("card number", () => {
  it("groups digits by 4 and drops everything else", () => {
    expectEach(formatCardNumber, [
      ["4242424242424242", "4242 4242 4242 4242"],
      ["4242-4242 42a4", "4242 4242 424"],
      ["4242", "4242"],
      ["", ""],
    ]);
  });

  it("caps entry at 16 digits", () => {
    expect(formatCardNumber("4".repeat(19))).toBe("4444 4444 4444 4444");
  });

  it("formatting is idempotent, keeps at most 16 digits in order and only digits in groups of 4", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const formatted = formatCardNumber(input);
        expect(formatCardNumber(formatted)).toBe(formatted);
        const digits = input.replace(/\D/g, "").slice(0, 16);
        expect(formatted.replaceAll(" ", "")).toBe(digits);
        expect(formatted).toMatch(/^(\d{4} )*\d{0,4}$/);
      }),
    );
  });

  it("is valid with 13 to 19 digits", () => {
    expectEach(isValidCardNumber, [
      ["4222 2222 2222 2", true],
      ["4242 4242 4242 4242", true],
      ["4".repeat(19), true],
      ["4242 4242 4242", false],
      ["4".repeat(20), false],
      ["4242 4242 4242 424x", false],
      ["", false],
    ]);
  });

  it("accepts every formatted entry of 13 to 16 digits and refuses shorter ones", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,16}$/), (digits) => {
        expect(isValidCardNumber(formatCardNumber(digits))).toBe(digits.length >= 13);
      }),
    );
  });
});

describe("card brand", () => {
  it.each([
    ["4242 4242", "visa"],
    ["5555 5555", "mastercard"],
    ["2223 0031", "mastercard"],
    ["3782 8224", "amex"],
    ["6011 1111", null],
    ["", null],
  ])("%s is %s", (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe("expiry", () => {
  it("auto-formats MM/YY, at most 5 characters", () => {
    expectEach(formatExpiry, [
      ["1", "1"],
      ["12", "12"],
      ["123", "12/3"],
      ["1228", "12/28"],
      ["12/289", "12/28"],
      ["12/", "12"],
    ]);
  });

  it("reads a first digit of 2 to 9 as the month", () => {
    expectEach(formatExpiry, [
      ["4", "04"],
      ["428", "04/28"],
    ]);
  });

  it("formatting is idempotent and never longer than 5 characters", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const formatted = formatExpiry(input);
        expect(formatted.length).toBeLessThanOrEqual(5);
        expect(formatExpiry(formatted)).toBe(formatted);
        expect(formatted).toMatch(/^(\d{0,2}|\d{2}\/\d{1,2})$/);
      }),
    );
  });

  it("needs MM/YY with a month from 01 to 12", () => {
    expectEach(validExpiry, [
      ["12/28", true],
      ["01/30", true],
      ["00/28", false],
      ["13/28", false],
      ["1228", false],
      ["12/2", false],
      ["", false],
    ]);
  });

  it("is valid through its own month and refused once that month is over", () => {
    expectEach(validExpiry, [
      ["05/26", true],
      ["04/26", false],
      ["12/25", false],
    ]);
  });

  it("agrees with the calendar for every month and year", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (month, yy) => {
        const value = `${String(month).padStart(2, "0")}/${String(yy).padStart(2, "0")}`;
        const endOfMonth = new Date(2000 + yy, month, 0, 23, 59, 59);
        expect(isValidExpiry(value, NOW)).toBe(endOfMonth >= NOW);
      }),
    );
  });
});

describe("CVV", () => {
  it("keeps digits only, at most 4", () => {
    expectEach(formatCvv, [
      ["12a34 5", "1234"],
      ["abc", ""],
    ]);
  });

  it("is valid with 3 or 4 digits", () => {
    expectEach(isValidCvv, [
      ["123", true],
      ["1234", true],
      ["12", false],
      ["12345", false],
      ["12a", false],
    ]);
  });
});

describe("checkCard", () => {
  const good = { number: "4242 4242 4242 4242", expiry: "12/30", cvv: "123", name: "Litia Naivalu" };

  it("passes a complete card", () => {
    expect(checkCard(good, NOW)).toBeNull();
  });

  it.each([
    [{ number: "4242" }, "Invalid Card Number", "Please enter a valid card number"],
    [{ expiry: "13/30" }, "Invalid Expiry Date", "Please enter a valid expiry date (MM/YY)"],
    [{ expiry: "01/20" }, "Invalid Expiry Date", "Please enter a valid expiry date (MM/YY)"],
    [{ cvv: "12" }, "Invalid CVV", "Please enter a valid CVV code"],
    [{ name: "   " }, "Missing Cardholder Name", "Please enter the cardholder name"],
  ])("%o gives '%s'", (change, title, description) => {
    expect(checkCard({ ...good, ...change }, NOW)).toMatchObject({ title, description });
  });

  it("reports problems in the form's order", () => {
    expect(checkCard({ number: "", expiry: "", cvv: "", name: "" }, NOW)?.field).toBe("number");
    expect(checkCard({ ...good, expiry: "", cvv: "", name: "" }, NOW)?.field).toBe("expiry");
    expect(checkCard({ ...good, cvv: "", name: "" }, NOW)?.field).toBe("cvv");
  });
});
