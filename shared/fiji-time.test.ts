import { describe, expect, it } from "vitest";
import { endOfFijiDay, fijiDateAndTime, fijiToday, formatFijiLongDate } from "./fiji-time";

describe("Fiji time", () => {
  it("ends a granted day at 23:59:59.999 in Suva, using the zone's rules, not a fixed +12", () => {
    expect(endOfFijiDay("2026-12-22")?.toISOString()).toBe("2026-12-22T11:59:59.999Z");
    // January 2020 was daylight saving time in Fiji (UTC+13): a hand-written +12 would be an hour late.
    expect(endOfFijiDay("2020-01-10")?.toISOString()).toBe("2020-01-10T10:59:59.999Z");
    expect(endOfFijiDay("2026-02-30")).toBeNull();
    expect(endOfFijiDay("5 March")).toBeNull();
  });

  it("names the date and time as staff in Fiji see them", () => {
    // 13:30 UTC is already the next morning in Suva.
    expect(fijiDateAndTime(new Date("2026-03-04T13:30:00Z"))).toEqual({ date: "2026-03-05", time: "01:30" });
    expect(fijiToday(new Date("2026-03-04T13:30:00Z"))).toBe("2026-03-05");
    expect(formatFijiLongDate(new Date("2026-12-22T11:59:59.999Z"))).toBe("22 December 2026");
  });
});
