import { describe, expect, it } from "vitest";
import { firstWorkingDay, isFirstWorkingDay, previousMonth } from "./digest-schedule";

describe("digest schedule", () => {
  it("sends on the 1st when it is a weekday, else on the Monday after", () => {
    expect(firstWorkingDay(2026, 10)).toBe("2026-10-01"); // Thursday
    expect(firstWorkingDay(2026, 11)).toBe("2026-11-02"); // the 1st is a Sunday
    expect(firstWorkingDay(2026, 8)).toBe("2026-08-03"); // the 1st is a Saturday
    expect(firstWorkingDay(2027, 2)).toBe("2027-02-01"); // Monday
  });

  it("knows the first working day and no other", () => {
    expect(isFirstWorkingDay("2026-11-02")).toBe(true);
    expect(isFirstWorkingDay("2026-11-01")).toBe(false); // Sunday
    expect(isFirstWorkingDay("2026-11-03")).toBe(false);
    expect(isFirstWorkingDay("2026-08-01")).toBe(false); // Saturday
    expect(isFirstWorkingDay("2026-08-03")).toBe(true);
  });

  it("covers the previous calendar month on Fiji's clock, across a year's end", () => {
    const october = previousMonth("2026-11-02");
    expect(october.key).toBe("2026-10");
    expect(october.label).toBe("October 2026");
    // Fiji is UTC+12 (no daylight saving in 2026): midnight on the 1st there is noon the day before in UTC.
    expect(october.from.toISOString()).toBe("2026-09-30T12:00:00.000Z");
    expect(october.to.toISOString()).toBe("2026-10-31T12:00:00.000Z");
    const december = previousMonth("2027-01-01");
    expect(december.key).toBe("2026-12");
    expect(december.label).toBe("December 2026");
    expect(december.to.toISOString()).toBe("2026-12-31T12:00:00.000Z");
  });
});
