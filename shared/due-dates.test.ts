import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar-dates";
import { balanceDueDate, lastPayMoment, offerDeadlineIn, offerPayBy, paymentTerms } from "./due-dates";
import { FIJI_TIME_ZONE, fijiDateAndTime, fijiToday } from "./fiji-time";
import { DEFAULT_SETTINGS } from "./settings";

// A fixed clock: 10:00 on Saturday 28 November 2026 in Suva (UTC+12 then).
const NOW = new Date("2026-11-27T22:00:00Z");
const { offerDays, balanceDueDaysBeforeStart: lead } = DEFAULT_SETTINGS;
const DEPOSIT = 10_000;

/** The offer made now for a course `days` away, and what it asks, with the default settings (7 days, 14 days). */
function offerFor(days: number, leadDays = lead) {
  const startDate = addDays(fijiToday(NOW), days);
  const payBy = offerPayBy(startDate, offerDays, NOW);
  return { startDate, payBy, ...paymentTerms({ startDate, depositCents: DEPOSIT }, payBy, leadDays) };
}

/** How a person in Suva reads an instant: its date and clock time there. */
const inFiji = (instant: Date) => {
  const local = new TZDate(instant.getTime(), FIJI_TIME_ZONE);
  return {
    date: `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`,
    time: `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`,
  };
};

describe("due dates of an offer", () => {
  it("a course 30 days away: a week to pay, the balance 14 days before the start", () => {
    const offer = offerFor(30);
    expect(offer.startDate).toBe("2026-12-28");
    expect(offer.payBy?.toISOString()).toBe("2026-12-04T22:00:00.000Z");
    expect(offer.payBy && inFiji(offer.payBy)).toEqual({ date: "2026-12-05", time: "10:00" });
    expect(offer).toMatchObject({ balanceDueDate: "2026-12-14", depositAllowed: true });
  });

  it("a course 9 days away: a week to pay, and the full fee with the offer, never a balance on a day already past", () => {
    const offer = offerFor(9);
    expect(offer.startDate).toBe("2026-12-07");
    expect(offer.payBy && inFiji(offer.payBy)).toEqual({ date: "2026-12-05", time: "10:00" });
    // Start minus 14 days is 23 November, five days ago: the balance would fall on the offer's own day, so a deposit
    // would hold nothing and the full fee is due by the pay-by.
    expect(offer).toMatchObject({ balanceDueDate: "2026-12-05", depositAllowed: false });
  });

  it("a course 3 days away: pay by 23:59 Fiji time the day before it starts", () => {
    const offer = offerFor(3);
    expect(offer.startDate).toBe("2026-12-01");
    expect(offer.payBy?.toISOString()).toBe("2026-11-30T11:59:59.999Z");
    expect(offer.payBy && inFiji(offer.payBy)).toEqual({ date: "2026-11-30", time: "23:59" });
    expect(offer).toMatchObject({ balanceDueDate: "2026-11-30", depositAllowed: false });
  });

  it("a course 1 day away: pay by 23:59 tonight", () => {
    const offer = offerFor(1);
    expect(offer.startDate).toBe("2026-11-29");
    expect(offer.payBy && inFiji(offer.payBy)).toEqual({ date: "2026-11-28", time: "23:59" });
    expect(offer).toMatchObject({ balanceDueDate: "2026-11-28", depositAllowed: false });
  });

  it("a course that starts today (or has started) gets no offer: nobody can pay before it begins", () => {
    expect(offerPayBy(fijiToday(NOW), offerDays, NOW)).toBeNull();
    expect(offerPayBy(addDays(fijiToday(NOW), -2), offerDays, NOW)).toBeNull();
    // One millisecond before midnight in Suva the day before, the offer still stands, until that midnight.
    const lastMoment = lastPayMoment("2026-11-29");
    expect(offerPayBy("2026-11-29", offerDays, new Date(lastMoment.getTime() - 1))).toEqual(lastMoment);
    expect(offerPayBy("2026-11-29", offerDays, lastMoment)).toBeNull();
  });

  it("when the balance would fall due on the start day or later, the full fee is due with the offer", () => {
    // A lead time of 0 days puts the balance on the first day of the course.
    for (const days of [30, 9, 3, 1]) {
      expect(offerFor(days, 0)).toMatchObject({
        balanceDueDate: offerFor(days).startDate,
        depositAllowed: false,
      });
    }
    // An offer made before these rules, with a pay-by after the start: no deposit either.
    expect(
      paymentTerms(
        { startDate: "2026-12-07", depositCents: DEPOSIT },
        new Date("2026-12-08T00:00:00Z"),
        lead,
      ),
    ).toEqual({ balanceDueDate: "2026-12-08", depositAllowed: false });
  });

  it("an intake without a deposit has no balance date", () => {
    expect(paymentTerms({ startDate: "2026-12-28", depositCents: null }, NOW, lead)).toEqual({
      balanceDueDate: null,
      depositAllowed: false,
    });
  });

  it("a place confirmed without an offer has its balance due by the lead time alone", () => {
    expect(balanceDueDate("2026-12-28", 14, null)).toBe("2026-12-14");
  });

  it("a move to an earlier intake brings the deadline forward, never later", () => {
    const payBy = new Date("2026-12-04T22:00:00Z");
    expect(offerDeadlineIn("2026-12-28", payBy, NOW)).toEqual(payBy);
    expect(offerDeadlineIn("2026-12-01", payBy, NOW)?.toISOString()).toBe("2026-11-30T11:59:59.999Z");
    expect(offerDeadlineIn("2026-11-28", payBy, NOW)).toBeNull();
  });

  it("reads 23:59 in Suva's own time, daylight saving included, not a fixed UTC+12", () => {
    // January 2020 was daylight saving time in Fiji (UTC+13).
    const summer = lastPayMoment("2020-01-06");
    expect(summer.toISOString()).toBe("2020-01-05T10:59:59.999Z");
    expect(inFiji(summer)).toEqual({ date: "2020-01-05", time: "23:59" });
    const winter = lastPayMoment("2026-07-06");
    expect(winter.toISOString()).toBe("2026-07-05T11:59:59.999Z");
    expect(inFiji(winter)).toEqual({ date: "2026-07-05", time: "23:59" });
    // An offer made in the summer of 2019-20 for a course 3 days away.
    const payBy = offerPayBy("2020-01-06", 7, new Date("2020-01-03T01:00:00Z"));
    expect(payBy && inFiji(payBy)).toEqual({ date: "2020-01-05", time: "23:59" });
  });
});

describe("due dates, for any course and any moment", () => {
  // Start dates from 2010 to 2035 (Fiji kept daylight saving time in several of those summers), offers made up to
  // 120 days before the start and until two days after it, every allowed offer time and balance lead time.
  const cases = fc.record({
    startDate: fc.integer({ min: 0, max: 26 * 366 }).map((days) => addDays("2010-01-01", days)),
    before: fc.integer({ min: -2 * 86_400_000, max: 120 * 86_400_000 }),
    offerDays: fc.integer({ min: 1, max: 60 }),
    leadDays: fc.integer({ min: 0, max: 90 }),
    depositCents: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  });
  const now = (c: { startDate: string; before: number }) =>
    new Date(Date.parse(`${c.startDate}T00:00:00Z`) - c.before);

  it("the last pay moment is 23:59 in Suva on the day before the start", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const last = lastPayMoment(c.startDate);
        expect(inFiji(last)).toEqual({ date: addDays(c.startDate, -1), time: "23:59" });
        expect(inFiji(new Date(last.getTime() + 1))).toEqual({ date: c.startDate, time: "00:00" });
      }),
    );
  });

  it("an offer is made only before the start day, and its pay-by lies between now and that last moment", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const at = now(c);
        const payBy = offerPayBy(c.startDate, c.offerDays, at);
        expect(payBy === null).toBe(fijiToday(at) >= c.startDate);
        if (!payBy) return;
        expect(payBy.getTime()).toBeGreaterThan(at.getTime());
        expect(payBy.getTime()).toBeLessThanOrEqual(at.getTime() + c.offerDays * 86_400_000);
        expect(payBy.getTime()).toBeLessThanOrEqual(lastPayMoment(c.startDate).getTime());
        expect(fijiDateAndTime(payBy).date < c.startDate).toBe(true);
      }),
    );
  });

  it("the balance is never due before the offer's pay-by nor before start minus the lead time, and a deposit is offered only when its balance falls after the pay-by day and before the start", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const payBy = offerPayBy(c.startDate, c.offerDays, now(c));
        const terms = paymentTerms(c, payBy, c.leadDays);
        if (!c.depositCents) {
          expect(terms).toEqual({ balanceDueDate: null, depositAllowed: false });
          return;
        }
        const due = terms.balanceDueDate ?? "";
        const byLead = addDays(c.startDate, -c.leadDays);
        expect(due >= byLead).toBe(true);
        if (payBy) expect(due >= fijiDateAndTime(payBy).date).toBe(true);
        expect([byLead, payBy && fijiDateAndTime(payBy).date]).toContain(due);
        const payByDay = payBy && fijiDateAndTime(payBy).date;
        expect(terms.depositAllowed).toBe(due < c.startDate && (payByDay === null || due > payByDay));
        // A deposit is offered exactly when start minus the lead time falls after the pay-by day.
        if (payByDay && c.leadDays >= 1) expect(terms.depositAllowed).toBe(byLead > payByDay);
      }),
    );
  });
});
