import { describe, expect, it } from "vitest";
import { daysBetween, formatCalendarDate, formatIntakeDates } from "./calendar-dates";

describe("formatCalendarDate", () => {
  it("writes every month as en-GB's Intl does, with no time zone shift", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = `2027-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        expect(formatCalendarDate(date)).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
      }
    }
  });

  it("writes a range, or one date for a one-day class", () => {
    expect(formatIntakeDates({ startDate: "2026-03-02", endDate: "2026-03-06" })).toBe(
      "2 March 2026 to 6 March 2026",
    );
    expect(formatIntakeDates({ startDate: "2026-12-31", endDate: "2026-12-31" })).toBe("31 December 2026");
  });
});

describe("daysBetween", () => {
  it("counts whole calendar days, across months, years and Fiji's daylight-saving changes", () => {
    expect(daysBetween("2026-03-02", "2026-03-06")).toBe(4);
    expect(daysBetween("2026-03-06", "2026-03-02")).toBe(-4);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
    expect(daysBetween("2020-02-28", "2020-03-01")).toBe(2);
    expect(daysBetween("2026-05-05", "2026-05-05")).toBe(0);
  });
});
