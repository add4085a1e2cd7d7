import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { vtimezone } from "./vtimezone";

describe("vtimezone", () => {
  it("writes Fiji's one offset when nothing changes over the course", () => {
    const text = vtimezone(
      "Pacific/Fiji",
      new TZDate(2026, 11, 6, "Pacific/Fiji"),
      new TZDate(2026, 11, 13, "Pacific/Fiji"),
    );
    expect(text.split("\r\n")).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Pacific/Fiji",
      "BEGIN:STANDARD",
      "DTSTART:20261206T000000",
      "TZOFFSETFROM:+1200",
      "TZOFFSETTO:+1200",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  it("writes a change of offset inside the course, as Fiji's summer time of 2020 (UTC+13 from 20 December)", () => {
    const text = vtimezone(
      "Pacific/Fiji",
      new TZDate(2020, 11, 15, "Pacific/Fiji"),
      new TZDate(2020, 11, 24, "Pacific/Fiji"),
    );
    expect(text).toContain(
      "BEGIN:DAYLIGHT\r\nDTSTART:20201220T020000\r\nTZOFFSETFROM:+1200\r\nTZOFFSETTO:+1300\r\nEND:DAYLIGHT",
    );
    expect(text).toContain("BEGIN:STANDARD\r\nDTSTART:20201215T000000\r\nTZOFFSETFROM:+1200");
  });
});
