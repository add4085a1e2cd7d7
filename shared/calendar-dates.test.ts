import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatIntakeDates } from "./calendar-dates";

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
