import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FjdAmountSchema,
  fjdAmount,
  formatFjdInput,
  optionalFjdAmount,
  parseFjdToCents,
  readFjd,
} from "./money";
import { formatFjd } from "./money-format";

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
        expect(parseFjdToCents(formatFjd(cents, "public"))).toBe(cents);
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

describe("money as the site writes it", () => {
  it("writes staff, trainee and e-mail amounts in full, with separators and always the cents", () => {
    expect(formatFjd(280000)).toBe("FJD 2,800.00");
    expect(formatFjd(280050)).toBe("FJD 2,800.50");
    expect(formatFjd(0)).toBe("FJD 0.00");
    expect(formatFjd(5)).toBe("FJD 0.05");
    expect(formatFjd(99_999_999_999_99)).toBe("FJD 99,999,999,999.99");
  });

  it("writes public prices with cents only when there are some", () => {
    expect(formatFjd(30000, "public")).toBe("FJD 300");
    expect(formatFjd(150000, "public")).toBe("FJD 1,500");
    expect(formatFjd(280050, "public")).toBe("FJD 2,800.50");
    expect(formatFjd(350, "public")).toBe("FJD 3.50");
    expect(formatFjd(5, "public")).toBe("FJD 0.05");
    expect(formatFjd(0, "public")).toBe("FJD 0");
  });

  it("keeps the spec's /payment strings", () => {
    expect(formatFjd(5000, "payment")).toBe("FJD $50.00");
    expect(formatFjd(0, "payment")).toBe("FJD $0.00");
  });

  it("puts a minus before the currency, the same in every style", () => {
    expect(formatFjd(-1000)).toBe("-FJD 10.00");
    expect(formatFjd(-150000, "public")).toBe("-FJD 1,500");
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_999_99 }),
        fc.constantFrom("full", "public", "payment"),
        (cents, style) => {
          expect(formatFjd(-cents, style)).toBe(`-${formatFjd(cents, style)}`);
          expect(readFjd(formatFjd(-cents, style))).toEqual({ problem: "negative" });
        },
      ),
    );
  });

  it("reads back to the same cents in every style", () => {
    fc.assert(
      fc.property(anyCents, fc.constantFrom("full", "public", "payment"), (cents, style) => {
        expect(parseFjdToCents(formatFjd(cents, style))).toBe(cents);
      }),
    );
  });

  it("groups every three digits of the dollars and nothing else", () => {
    fc.assert(
      fc.property(anyCents, (cents) => {
        const full = formatFjd(cents);
        const match = /^FJD (\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec(full);
        expect(match, full).not.toBeNull();
        expect(match?.[1]?.replaceAll(",", "")).toBe(String(Math.floor(cents / 100)));
        expect(match?.[2]).toBe(String(cents % 100).padStart(2, "0"));
        // The field value and the public text are the same digits, less the currency or the empty cents.
        expect(full).toBe(`FJD ${formatFjdInput(cents)}`);
        const shown = formatFjd(cents, "public");
        expect(shown).toBe(cents % 100 === 0 ? full.slice(0, -3) : full);
      }),
    );
  });

  it("matches what en-US Intl would write, without using it", () => {
    fc.assert(
      fc.property(anyCents, (cents) => {
        const intl = (cents / 100).toLocaleString("en-US", {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        if (cents <= Number.MAX_SAFE_INTEGER / 100) expect(formatFjd(cents)).toBe(`FJD ${intl}`);
      }),
    );
  });
});
