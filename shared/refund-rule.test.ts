import { describe, expect, it } from "vitest";
import { addDays } from "./calendar-dates";
import { refundDeadlines, refundRuleOn, refundRuleText } from "./refund-rule";
import { DEFAULT_SETTINGS } from "./settings";

const START = "2027-01-26";

describe("the course-fee refund rule", () => {
  it("states the intake's real dates, with the owner's default days (14 for all, 7 for half)", () => {
    const rule = refundDeadlines(START, DEFAULT_SETTINGS);
    expect(rule).toEqual({ fullUntil: "2027-01-12", partialUntil: "2027-01-19", partialPercent: 50 });
    expect(refundRuleText(rule, "2026-12-01")).toBe(
      "Cancel by 12 January 2027 for a full refund, or by 19 January 2027 for a 50% refund; no refund after that. If we cancel the course, you get everything back.",
    );
    // A late payer reads, before paying, that the full-refund day is gone.
    expect(refundRuleText(rule, "2027-01-13")).toBe(
      "The last day for a full refund was 12 January 2027: cancelling by 19 January 2027 refunds 50% of what you paid, and there is no refund after that. If we cancel the course, you get everything back.",
    );
    expect(refundRuleText(rule, "2027-01-20")).toBe(
      "The last day to cancel for a refund was 19 January 2027: if you cancel now, nothing is refunded. If we cancel the course, you get everything back.",
    );
  });

  it("says what the server refunds on every day around the deadlines", () => {
    const rule = refundDeadlines(START, DEFAULT_SETTINGS);
    for (let before = 20; before >= -2; before -= 1) {
      const today = addDays(START, -before);
      const { rule: band, percent } = refundRuleOn(START, today, DEFAULT_SETTINGS);
      const text = refundRuleText(rule, today);
      if (band === "full") expect(text.startsWith("Cancel by")).toBe(true);
      if (band === "partial") {
        expect(percent).toBe(50);
        expect(text).toContain("refunds 50%");
      }
      if (band === "none") expect(text).toContain("nothing is refunded");
    }
  });

  it("leaves out a part refund the settings do not give", () => {
    const terms = { fullRefundDaysBefore: 10, partialRefundDaysBefore: 10, partialRefundPercent: 50 };
    const rule = refundDeadlines(START, terms);
    expect(rule.partialUntil).toBeNull();
    expect(refundRuleText(rule, "2027-01-01")).toBe(
      "Cancel by 16 January 2027 for a full refund; no refund after that. If we cancel the course, you get everything back.",
    );
    expect(refundRuleOn(START, "2027-01-17", terms)).toEqual({ rule: "none", percent: 0 });
  });
});
