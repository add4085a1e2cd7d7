import { describe, expect, it } from "vitest";
import { walletDaysFor, walletDaysText } from "./payment";

describe("wallet money buys days pro rata", () => {
  it("buys 30 days for the monthly price and its share, rounded up, for less", () => {
    expect(walletDaysFor(5000)).toBe(30);
    expect(walletDaysFor(2500)).toBe(15);
    expect(walletDaysFor(100)).toBe(1);
    expect(walletDaysFor(101)).toBe(1);
    expect(walletDaysFor(10000)).toBe(60);
  });

  it("never buys nothing for any amount the form accepts", () => {
    for (let cents = 100; cents <= 10_000; cents += 1) expect(walletDaysFor(cents)).toBeGreaterThan(0);
  });

  it("says what the amount buys before anyone pays", () => {
    expect(walletDaysText("25.00")).toBe("FJD 25.00 buys 15 days of portal access");
    expect(walletDaysText("1")).toBe("FJD 1.00 buys 1 day of portal access");
    expect(walletDaysText("0.50")).toBeNull();
    expect(walletDaysText("abc")).toBeNull();
  });
});
