// The scheduled notices of confirmed places: reminders a week and a day before the start (with the calendar file),
// the balance reminder before its due date, staff's alert once it is overdue, each sent once however often (and on
// however many instances) the job runs, and again when the dates change.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { coursePayments, emailOutbox, intakes, noticesSent, seats } from "../../server/db/schema";
import { sendTrainingNotices } from "../../server/training/reminders";
import { addDays } from "../../shared/calendar-dates";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { insertEnrollment, insertIntake } from "../helpers/admin-session";
import { withTestApp } from "../helpers/test-app";

const CONTEXT = { publicUrl: "https://rpas.example.fj", staffEmail: "office@rpas.example.fj" };
const DAY = 24 * 60 * 60 * 1000;

describe("training notices", () => {
  const t = withTestApp();
  let db: typeof t.database.db;

  beforeEach(async () => {
    db = t.database.db;
    await db.delete(emailOutbox);
    await db.delete(noticesSent);
    await db.delete(coursePayments);
    await db.delete(seats);
  });

  /** A confirmed place in an intake starting in `startsInDays`, with `paidCents` paid of a FJD 300 fee. */
  async function confirmedPlace(
    startsInDays: number,
    options: { depositCents?: number; paidCents?: number } = {},
  ) {
    const intakeId = await insertIntake(db, startsInDays, "Suva", 8);
    await db
      .update(intakes)
      .set({ feeCents: 30_000, depositCents: options.depositCents ?? null })
      .where(eq(intakes.id, intakeId));
    const email = `trainee${intakeId}@example.fj`;
    const enrollmentId = await insertEnrollment(db, { email, firstName: "Litia", intakeId });
    const [seat] = await db
      .insert(seats)
      .values({ intakeId, enrollmentId, email, state: "confirmed" })
      .returning({ id: seats.id });
    if (options.paidCents) {
      await db.insert(coursePayments).values({
        reference: `CFP-NOTICE${seat?.id}`,
        seatId: seat?.id,
        enrollmentId,
        intakeId,
        email,
        kind: "deposit",
        method: "cash",
        amountCents: options.paidCents,
        status: "paid",
      });
    }
    return { intakeId, email };
  }

  const outbox = () => db.select().from(emailOutbox).orderBy(emailOutbox.id);
  const run = (now = new Date()) => sendTrainingNotices(db, DEFAULT_SETTINGS, CONTEXT, now);

  it("a week before: one reminder with the calendar file, however often the job runs", async () => {
    const { email } = await confirmedPlace(6, { paidCents: 30_000 });
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const [mail, ...rest] = await outbox();
    expect(rest).toEqual([]);
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toMatch(/^Reminder: your Basic RPAS Pilot course starts on /);
    expect(mail?.text).toContain("Place: Suva");
    expect(mail?.text).toContain("https://rpas.example.fj/my-training");
    expect(mail?.text).not.toContain("balance");
    const ics = Buffer.from(mail?.attachments?.[0]?.contentBase64 ?? "", "base64").toString();
    expect(mail?.attachments?.[0]).toMatchObject({ filename: "course.ics" });
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain(`DTSTART;TZID=Pacific/Fiji:${addDays(fijiToday(), 6).replaceAll("-", "")}T083000`);
  });

  it("the day before: 'starts tomorrow'; nothing for places not confirmed or intakes cancelled", async () => {
    await confirmedPlace(1, { paidCents: 30_000 });
    const cancelled = await confirmedPlace(1, { paidCents: 30_000 });
    await db.update(intakes).set({ status: "cancelled" }).where(eq(intakes.id, cancelled.intakeId));
    const held = await confirmedPlace(1);
    await db.update(seats).set({ state: "held" }).where(eq(seats.email, held.email));
    expect(await run()).toBe(1);
    const [mail] = await outbox();
    expect(mail?.subject).toBe("Reminder: your Basic RPAS Pilot course starts tomorrow");
  });

  it("a deposit's balance: reminded in the three days before it is due, then staff are alerted once", async () => {
    // Due 14 days before a start 16 days away: in 2 days.
    const { email } = await confirmedPlace(16, { depositCents: 10_000, paidCents: 10_000 });
    expect(await run()).toBe(1);
    const [reminder] = await outbox();
    expect(reminder?.to).toBe(email);
    expect(reminder?.subject).toMatch(/balance of FJD 200\.00 due by /);
    // Three days later the balance is overdue: staff hear of it, once; the place stays confirmed.
    const later = new Date(Date.now() + 3 * DAY);
    expect(await run(later)).toBe(1);
    expect(await run(later)).toBe(0);
    const alert = (await outbox()).at(-1);
    expect(alert?.to).toBe(CONTEXT.staffEmail);
    expect(alert?.subject).toMatch(/^Balance overdue: Litia, Basic RPAS Pilot course/);
    expect(alert?.text).toContain("FJD 200.00");
    const [seat] = await db.select().from(seats).where(eq(seats.email, email));
    expect(seat?.state).toBe("confirmed");
  });

  it("a fully paid place gets no balance notice; a place whose dates changed is reminded again", async () => {
    const { intakeId } = await confirmedPlace(5, { depositCents: 10_000, paidCents: 30_000 });
    expect(await run()).toBe(1);
    await db
      .update(intakes)
      .set({ startDate: addDays(fijiToday(), 4), endDate: addDays(fijiToday(), 8) })
      .where(eq(intakes.id, intakeId));
    expect(await run()).toBe(1);
    const subjects = (await outbox()).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects.every((subject) => subject.startsWith("Reminder:"))).toBe(true);
  });

  it("runs at once (as on several instances; separate connections on PostgreSQL) send each notice once", async () => {
    await confirmedPlace(3, { paidCents: 30_000 });
    await confirmedPlace(7, { paidCents: 30_000 });
    const counts = await Promise.all([run(), run(), run()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await outbox()).toHaveLength(2);
  });
});
