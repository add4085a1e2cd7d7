import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCoursePrice } from "./constants";
import {
  FjdAmountSchema,
  fjdAmount,
  formatFjdInput,
  optionalFjdAmount,
  parseFjdToCents,
  readFjd,
} from "./money";

/** Cents up to FJD 99,999,999,999.99, the largest amount the rule reads. */
const anyCents = fc.integer({ min: 0, max: 99_999_999_999_99 });

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("FJD typed by staff", () => {
  it.each([
    ["350", 35000],
    ["350.00", 35000],
    ["350.5", 35050],
    ["1,500", 150000],
    ["1500", 150000],
    ["FJD 2,800.50", 280050],
    ["fjd2800.50", 280050],
    ["$ 75.5", 7550],
    ["$75", 7500],
    ["FJD $50.00", 5000],
    ["  12,345,678.09 ", 1234567809],
    ["0.01", 1],
    ["0", 0],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseFjdToCents(text)).toBe(cents);
    expect(FjdAmountSchema.safeParse(text).data).toBe(cents);
  });

  it.each([
    ["", "Amount is required"],
    ["   ", "Amount is required"],
    ["1.500,00", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["1,50", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["1,5000", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["12,34.00", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["350.", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    [".50", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["1 500", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["USD 350", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["350 FJD", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["1e3", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["1-50", "Amount must be an amount in FJD, like 350, 1,500 or 2,800.50"],
    ["-350", "Amount cannot be negative"],
    ["FJD -2,800.50", "Amount cannot be negative"],
    ["$-5", "Amount cannot be negative"],
    ["350.505", "Amount can have at most two decimals (cents)"],
    ["FJD 1,500.125", "Amount can have at most two decimals (cents)"],
    ["123456789012", "Amount is too large"],
  ])("refuses %j: %s", (text, message) => {
    expect(parseFjdToCents(text)).toBeNull();
    expect(messageOf(FjdAmountSchema.safeParse(text))).toBe(message);
  });

  it("names the field in its message, and a blank optional field is null", () => {
    expect(messageOf(fjdAmount("Basic RPAS Pilot price").safeParse("1.500,00"))).toBe(
      "Basic RPAS Pilot price must be an amount in FJD, like 350, 1,500 or 2,800.50",
    );
    expect(optionalFjdAmount("Deposit").safeParse(" ").data).toBeNull();
    expect(optionalFjdAmount("Deposit").safeParse("100").data).toBe(10000);
    expect(messageOf(optionalFjdAmount("Deposit").safeParse("-1"))).toBe("Deposit cannot be negative");
  });

  it("reads back every field value it writes, with or without the currency and the commas", () => {
    fc.assert(
      fc.property(anyCents, fc.constantFrom("", "FJD ", "$", "FJD $"), (cents, prefix) => {
        const shown = formatFjdInput(cents);
        expect(parseFjdToCents(`${prefix}${shown}`)).toBe(cents);
        expect(parseFjdToCents(shown.replaceAll(",", ""))).toBe(cents);
        expect(parseFjdToCents(formatCoursePrice(cents))).toBe(cents);
      }),
    );
  });

  it("refuses any negative amount, more than two decimals and decimal commas", () => {
    fc.assert(
      fc.property(anyCents, fc.integer({ min: 0, max: 9 }), (cents, digit) => {
        const shown = formatFjdInput(cents);
        expect(readFjd(`-${shown}`)).toEqual({ problem: "negative" });
        expect(readFjd(`${shown}${digit}`)).toEqual({ problem: "decimals" });
        // "1.500,00": dots between the thousands and a comma before the cents.
        const european = shown.replaceAll(",", " ").replace(".", ",").replaceAll(" ", ".");
        expect(parseFjdToCents(european)).toBeNull();
      }),
    );
  });

  it("reads only text that follows the rule, and always as whole cents", () => {
    const rule = /^(?:FJD\s*)?(?:\$\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/i;
    const typing = fc.string({ unit: fc.constantFrom(..."0123456789,.-$ FJDfjdxe"), maxLength: 16 });
    fc.assert(
      fc.property(typing, (text) => {
        const cents = parseFjdToCents(text);
        if (cents === null) return;
        expect(rule.test(text.trim())).toBe(true);
        expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
      }),
    );
  });
});

describe("course prices on the public pages", () => {
  it("shows whole dollars as before and cents when there are some", () => {
    expect(formatCoursePrice(30000)).toBe("FJD 300");
    expect(formatCoursePrice(150000)).toBe("FJD 1,500");
    expect(formatCoursePrice(280050)).toBe("FJD 2,800.50");
    expect(formatCoursePrice(350)).toBe("FJD 3.50");
    expect(formatCoursePrice(5)).toBe("FJD 0.05");
  });
});
