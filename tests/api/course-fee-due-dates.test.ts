// Due dates as the payer reads them (docs/product.md, "Due dates"), on a fixed clock: 10:00 on Saturday 28 November
// 2026 in Suva. For a course 30, 9, 3 and 1 days away, the offer e-mail, the pay page's data and the deposit's receipt
// name a pay-by no later than 23:59 the day before the start and a balance never due before the offer; when the
// balance would fall due on the start day, the offer asks the full fee and says so. A course that starts today gets
// no offer. E-mails are read from the file mailer's .eml files, parsed as a mail program parses them.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox, seats } from "../../server/db/schema";
import { readSettings, updateSettings } from "../../server/settings/settings";
import { applicationsOf } from "../../server/training/applicant-applications";
import { payToken } from "../../server/training/fee-token";
import { changeIntake } from "../../server/training/intakes";
import { placeByStaff } from "../../server/training/place-moves";
import { acceptPlace, OFFER_TOO_LATE_MESSAGE, promoteWaitlist } from "../../server/training/seat-lifecycle";
import { takePlace } from "../../server/training/seats";
import { fullFeeDueNote } from "../../shared/due-dates";
import { fijiToday } from "../../shared/fiji-time";
import { formatCalendarDate } from "../../shared/training";
import type { Json } from "../fakes/stripe/wire";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import { coursePaymentCalls, insertCourseIntake, STAFF_ACTION } from "../helpers/course-payment";
import { parsedMailsTo } from "../helpers/outbox-mail";
import { withFakeStripe } from "../helpers/stripe";
import { sameSite } from "../helpers/test-app";

const NOW = new Date("2026-11-27T22:00:00Z");
const fijiTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Pacific/Fiji",
});

/**
 * Each course, with the dates its payer should read under the default settings (offer 7 days, balance 14 days). Only
 * the course 30 days away leaves room for a deposit: for the others start minus 14 days has passed, so a balance
 * would fall due on the offer's own day and the full fee is asked by the pay-by instead.
 */
const CASES = [
  { days: 30, start: "2026-12-28", payBy: "5 December 2026 at 10:00", balanceDate: "2026-12-14" },
  { days: 9, start: "2026-12-07", payBy: "5 December 2026 at 10:00", balanceDate: null },
  { days: 3, start: "2026-12-01", payBy: "30 November 2026 at 23:59", balanceDate: null },
  { days: 1, start: "2026-11-29", payBy: "28 November 2026 at 23:59", balanceDate: null },
] as const;

describe("course fee due dates on a fixed clock", () => {
  const s = withFakeStripe();
  const calls = coursePaymentCalls(() => ({ app: s.t.app, db: s.t.database.db }));
  let serial = 0;

  beforeEach(() => {
    // Each test starts at NOW. Only Date is faked, and it moves on with real time from there, so timeouts and
    // retries behave as usual (and a test reads "10:00" however long the tests before it took).
    vi.useFakeTimers({ toFake: ["Date"], now: NOW, shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An applicant holding a seat in `intakeId`, accepted by staff with the settings as saved: an offer. */
  async function offered(intakeId: number) {
    serial += 1;
    const email = `due${serial}@example.fj`;
    const enrollmentId = await insertEnrollment(s.t.database.db, { email, firstName: `Due${serial}` });
    const taken = await s.t.database.db.transaction((tx) =>
      takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today: fijiToday() }),
    );
    if (taken.outcome !== "held") throw new Error(`no seat: ${taken.outcome}`);
    const settings = await readSettings(s.t.database.db);
    const accepted = await acceptPlace(s.t.database.db, taken.seatId, settings, STAFF_ACTION);
    return { seatId: taken.seatId, email, accepted, token: payToken(s.t.app.payLinkKey, taken.seatId) };
  }

  /** The application as /my-training lists it for the signed-in applicant. */
  async function myTraining(email: string) {
    const db = s.t.database.db;
    return (await applicationsOf(db, email, await readSettings(db)))[0];
  }

  /** The payer's e-mails as their mail program shows them (subject and plain text). */
  async function mailsTo(email: string) {
    await s.t.app.outbox.drain();
    const mails = await parsedMailsTo(s.t.app.env.DATA_DIR, email);
    return mails.map((mail) => ({ subject: mail.subject ?? "", text: mail.text ?? "" }));
  }

  /** Pays `kind` by card: the payer confirms at Stripe and Stripe's signed webhook arrives. */
  async function payByCard(seatId: number, token: string, kind: "deposit" | "full") {
    const started = await calls.start(seatId, { token, kind, method: "card" });
    expect(started.statusCode, started.body).toBe(200);
    const { reference } = started.json() as { reference: string };
    const intent = [...s.stripe.paymentIntents.values()].find(
      (pi) => (pi.metadata as { reference?: string }).reference === reference,
    );
    if (!intent) throw new Error(`no intent for ${reference}`);
    const event = s.stripe.event(
      "payment_intent.succeeded",
      s.stripe.settlePaymentIntent(intent.id as string),
    );
    const res = await s.deliver(event as Json);
    expect(res.statusCode, res.body).toBe(200);
  }

  it("the clock reads 10:00 on 28 November 2026 in Suva", () => {
    expect(fijiToday()).toBe("2026-11-28");
    expect(fijiTime.format(new Date())).toBe("28 November 2026 at 10:00");
  });

  /** An offer that asks the full fee by its pay-by, and says so in the e-mail, the pay page and /my-training. */
  async function expectFullFeeAsked(c: (typeof CASES)[number]) {
    const intakeId = await insertCourseIntake(s.t.database.db, {
      startsInDays: c.days,
      depositCents: 10000,
    });
    const place = await offered(intakeId);

    const [offer] = await mailsTo(place.email);
    expect(offer?.subject).toBe(`Your place on the Basic RPAS Pilot course is offered: pay by ${c.payBy}`);
    expect(offer?.text).toContain(fullFeeDueNote(c.payBy));
    expect(offer?.text).toContain("To keep it, pay the fee by card or M-PAiSA here:");
    expect(offer?.text).not.toMatch(/deposit of/);

    const page = (await calls.summary(place.seatId, place.token)).json();
    expect(page).toMatchObject({
      startDate: c.start,
      fullFeeDue: true,
      balanceDueDate: null,
      depositCents: 10000,
    });
    expect(fijiTime.format(new Date(page.offerExpiresAt))).toBe(c.payBy);
    expect(page.options).toEqual([{ kind: "full", amountCents: 30000, vatCents: 0 }]);
    expect(await myTraining(place.email)).toMatchObject({ balanceDueDate: null, fullFeeDue: true });
    const deposit = await calls.start(place.seatId, {
      token: place.token,
      kind: "deposit",
      method: "card",
    });
    expect(deposit.statusCode).toBe(409);

    await payByCard(place.seatId, place.token, "full");
    const receipt = (await mailsTo(place.email)).find((m) => m.subject.startsWith("Receipt"));
    expect(receipt?.text).toContain("Balance due: FJD 0.00 (your course fee is paid in full)");
  }

  for (const c of CASES) {
    if (c.balanceDate === null) {
      it(`a course ${c.days} day${c.days === 1 ? "" : "s"} away asks the full fee by ${c.payBy}, never a balance on a day already past`, () =>
        expectFullFeeAsked(c));
      continue;
    }
    const balance = formatCalendarDate(c.balanceDate);
    it(`a course ${c.days} days away: pay by ${c.payBy}, the balance after a deposit by ${balance}`, async () => {
      const intakeId = await insertCourseIntake(s.t.database.db, {
        startsInDays: c.days,
        depositCents: 10000,
      });
      const place = await offered(intakeId);
      expect(place.accepted.outcome).toBe("done");

      const [offer] = await mailsTo(place.email);
      expect(offer?.subject).toBe(`Your place on the Basic RPAS Pilot course is offered: pay by ${c.payBy}`);
      expect(offer?.text).toContain(`The place is kept for you until ${c.payBy} (Fiji time)`);
      expect(offer?.text).toContain(`(the rest of the fee is then due by ${balance}) or the full fee`);

      const page = (await calls.summary(place.seatId, place.token)).json();
      expect(page).toMatchObject({
        startDate: c.start,
        balanceDueDate: c.balanceDate,
        fullFeeDue: false,
        offerExpired: false,
      });
      expect(fijiTime.format(new Date(page.offerExpiresAt))).toBe(c.payBy);
      expect(page.options.map((o: { kind: string }) => o.kind)).toEqual(["full", "deposit"]);
      // /my-training reads the same dates.
      expect(await myTraining(place.email)).toMatchObject({
        status: "offered",
        offerExpiresAt: new Date(page.offerExpiresAt),
        balanceDueDate: c.balanceDate,
        fullFeeDue: false,
      });

      await payByCard(place.seatId, place.token, "deposit");
      const receipt = (await mailsTo(place.email)).find((m) => m.subject.startsWith("Receipt"));
      expect(receipt?.text).toContain("Amount paid: FJD 100.00 (card)");
      expect(receipt?.text).toContain(`Balance due: FJD 200.00 by ${balance}`);

      const after = (await calls.summary(place.seatId, place.token)).json();
      expect(after).toMatchObject({ state: "confirmed", dueCents: 20000, balanceDueDate: c.balanceDate });
    });
  }

  describe("with the balance due on the first day of the course (a lead time of 0 days)", () => {
    beforeAll(async () => {
      await updateSettings(s.t.database.db, { balanceDueDaysBeforeStart: 0 }, STAFF_ACTION);
    });
    afterAll(async () => {
      await updateSettings(s.t.database.db, { balanceDueDaysBeforeStart: 14 }, STAFF_ACTION);
    });

    for (const c of CASES) {
      it(`a course ${c.days} day${c.days === 1 ? "" : "s"} away asks the full fee by ${c.payBy}, and says so`, () =>
        expectFullFeeAsked(c));
    }
  });

  it("an offer moved to a sooner intake, or whose intake now starts sooner, is due by the day before the new start", async () => {
    const db = s.t.database.db;
    const later = await insertCourseIntake(db, { startsInDays: 30 });
    const sooner = await insertCourseIntake(db, { startsInDays: 3 });
    const today = await insertCourseIntake(db, { startsInDays: 0 });
    const deadline = async (seatId: number) =>
      fijiTime.format((await db.select().from(seats).where(eq(seats.id, seatId)))[0]?.offerExpiresAt ?? 0);

    const moved = await offered(later);
    expect(await deadline(moved.seatId)).toBe("5 December 2026 at 10:00");
    const [enrollment] = await db
      .select({ id: seats.enrollmentId })
      .from(seats)
      .where(eq(seats.id, moved.seatId));
    const settings = await readSettings(db);
    await placeByStaff(db, enrollment?.id ?? 0, sooner, settings, STAFF_ACTION, s.t.app.env.PUBLIC_URL);
    expect(await deadline(moved.seatId)).toBe("30 November 2026 at 23:59");
    // An intake that starts today leaves no time to pay an offer: the move is refused, the place stays.
    await expect(
      placeByStaff(db, enrollment?.id ?? 0, today, settings, STAFF_ACTION, s.t.app.env.PUBLIC_URL),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await db.select().from(seats).where(eq(seats.id, moved.seatId)))[0]?.intakeId).toBe(sooner);

    const kept = await offered(later);
    await changeIntake(
      db,
      later,
      { startDate: "2026-12-02", endDate: "2026-12-06" },
      STAFF_ACTION,
      s.t.app.env.PUBLIC_URL,
    );
    expect(await deadline(kept.seatId)).toBe("1 December 2026 at 23:59");
    const page = (await calls.summary(kept.seatId, kept.token)).json();
    expect(fijiTime.format(new Date(page.offerExpiresAt))).toBe("1 December 2026 at 23:59");
  });

  it("a course that starts today gets no offer: staff are told why, and a freed seat waits for staff", async () => {
    // On the real clock: staff sign in (a session is checked against the database's own clock).
    vi.useRealTimers();
    const db = s.t.database.db;
    const cookie = await createStaffAndSignIn(s.t.app, db);
    const intakeId = await insertCourseIntake(db, { startsInDays: 0 });
    const enrollmentId = await insertEnrollment(db, { email: "today@example.fj", firstName: "Today" });
    const taken = await db.transaction((tx) =>
      takePlace(tx, { intakeId, enrollmentId, email: "today@example.fj", holdHours: 24, today: fijiToday() }),
    );
    if (taken.outcome !== "held") throw new Error(taken.outcome);
    const res = await s.t.app.inject({
      method: "POST",
      url: `/api/admin/places/${taken.seatId}/accept`,
      headers: { ...sameSite, cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFER_TOO_LATE_MESSAGE);
    const [row] = await db.select().from(seats).where(eq(seats.id, taken.seatId));
    expect(row).toMatchObject({ state: "held", offerExpiresAt: null });

    // A seat freed on the first day is not offered to the waitlist: nobody could pay for it in time.
    await db.update(seats).set({ state: "waitlisted" }).where(eq(seats.id, taken.seatId));
    const settings = await readSettings(db);
    expect(await db.transaction((tx) => promoteWaitlist(tx, intakeId, settings, new Date()))).toBe(0);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, "today@example.fj"))).toEqual([]);
  });
});
