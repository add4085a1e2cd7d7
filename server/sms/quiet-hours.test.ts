import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fijiDateAndTime } from "../../shared/fiji-time";
import { nextSendingMoment, sendTime } from "./quiet-hours";

// Fiji is UTC+12 in 2026 (no summer time), so "2026-03-05T19:59+12:00" is 07:59 UTC.
const fiji = (local: string) => new Date(`${local}+12:00`);
const HOUR = 60 * 60 * 1000;

describe("sendTime", () => {
  it.each([
    ["08:00", "2026-03-05T08:00:00"],
    ["12:30", "2026-03-05T12:30:00"],
    ["19:59", "2026-03-05T19:59:00"],
    ["19:59:59", "2026-03-05T19:59:59.999"],
  ])("sends at once at %s Fiji time", (_label, local) => {
    expect(sendTime(fiji(local), { immediate: false })).toEqual({ at: fiji(local) });
  });

  it.each([
    ["20:00", "2026-03-05T20:00:00", "2026-03-06T08:00:00"],
    ["23:30", "2026-03-05T23:30:00", "2026-03-06T08:00:00"],
    ["00:00", "2026-03-06T00:00:00", "2026-03-06T08:00:00"],
    ["07:59", "2026-03-06T07:59:00", "2026-03-06T08:00:00"],
    ["20:00 on the last day of a month", "2026-03-31T20:00:00", "2026-04-01T08:00:00"],
    ["23:30 on New Year's Eve", "2026-12-31T23:30:00", "2027-01-01T08:00:00"],
  ])("holds a text decided at %s until 08:00 Fiji time", (_label, local, expected) => {
    expect(sendTime(fiji(local), { immediate: false })).toEqual({ at: fiji(expected) });
  });

  it("sends immediate kinds (the number's code, seat held) at once, at any hour, whatever the deadline", () => {
    const night = fiji("2026-03-05T23:30:00");
    expect(sendTime(night, { immediate: true })).toEqual({ at: night });
    expect(sendTime(night, { immediate: true, deadline: fiji("2026-03-06T00:00:00") })).toEqual({
      at: night,
    });
  });

  it("drops a night text when less than 2 hours would remain before its deadline at 08:00", () => {
    const decided = fiji("2026-03-05T23:30:00");
    expect(sendTime(decided, { immediate: false, deadline: fiji("2026-03-06T09:59:59") })).toEqual({
      drop: "too-close-to-deadline",
    });
    expect(sendTime(decided, { immediate: false, deadline: fiji("2026-03-06T10:00:00") })).toEqual({
      at: fiji("2026-03-06T08:00:00"),
    });
    // The deadline passes in the night: dropped, never moved.
    expect(sendTime(decided, { immediate: false, deadline: fiji("2026-03-06T05:00:00") })).toEqual({
      drop: "too-close-to-deadline",
    });
  });

  it("sends a daytime text at once however near its deadline, and drops one whose deadline has passed", () => {
    const decided = fiji("2026-03-05T15:00:00");
    expect(sendTime(decided, { immediate: false, deadline: fiji("2026-03-05T17:00:00") })).toEqual({
      at: decided,
    });
    expect(sendTime(decided, { immediate: false, deadline: fiji("2026-03-05T15:30:00") })).toEqual({
      at: decided,
    });
    expect(sendTime(decided, { immediate: false, deadline: decided })).toEqual({
      drop: "too-close-to-deadline",
    });
  });

  it("reads Fiji's summer time (UTC+13, January 2020) from the zone database", () => {
    // 07:30 UTC on 5 January 2020 was 20:30 in Fiji: quiet. A fixed +12 would call it 19:30 and send.
    const decided = new Date("2020-01-05T07:30:00Z");
    expect(fijiDateAndTime(decided)).toEqual({ date: "2020-01-05", time: "20:30" });
    // 08:00 on 6 January at UTC+13 is 19:00 UTC on the 5th (a fixed +12 would say 20:00 UTC).
    expect(sendTime(decided, { immediate: false })).toEqual({ at: new Date("2020-01-05T19:00:00Z") });
    // And 06:59 UTC that day was 19:59 there: it goes at once.
    const evening = new Date("2020-01-05T06:59:00Z");
    expect(sendTime(evening, { immediate: false })).toEqual({ at: evening });
  });
});

describe("nextSendingMoment", () => {
  const instants = fc.date({
    min: new Date("2015-01-01T00:00:00Z"),
    max: new Date("2035-01-01T00:00:00Z"),
    noInvalidDate: true,
  });

  it("is never earlier, always within 08:00-19:59 Fiji time, and at most 12 hours away", () => {
    fc.assert(
      fc.property(instants, (from) => {
        const at = nextSendingMoment(from);
        expect(at.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(at.getTime() - from.getTime()).toBeLessThanOrEqual(12 * HOUR);
        const { time } = fijiDateAndTime(at);
        expect(time >= "08:00" && time < "20:00").toBe(true);
        // Either it is the moment itself, or it is exactly 08:00 there.
        if (at.getTime() !== from.getTime()) expect(at.getTime() % (60 * 1000)).toBe(0);
        if (at.getTime() !== from.getTime()) expect(time).toBe("08:00");
      }),
    );
  });

  it("never moves a deadline: a text is sent before it, one held for the morning with 2 hours to spare", () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -5 * HOUR, max: 48 * HOUR }), (decided, ahead) => {
        const deadline = new Date(decided.getTime() + ahead);
        const decision = sendTime(decided, { immediate: false, deadline });
        if (!("at" in decision)) return;
        expect(decision.at.getTime()).toBeLessThan(deadline.getTime());
        if (decision.at.getTime() > decided.getTime())
          expect(deadline.getTime() - decision.at.getTime()).toBeGreaterThanOrEqual(2 * HOUR);
      }),
    );
  });
});
