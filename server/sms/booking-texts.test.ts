// Every kind of booking text, written for the names that break texts (Mākereta is not GSM-7; O’Brien comes with a
// typographic apostrophe), the longest course title, a long venue and large amounts: each is GSM-7, at most 2
// parts, ends with the stop link, and carries the same facts as its WhatsApp variables.
import { describe, expect, it } from "vitest";
import { COURSE_TYPES, COURSES, type CourseType } from "../../shared/constants";
import type { Db } from "../db/client";
import type { ApplicantText, TextableApplication, TextContext } from "./applicant-texts";
import {
  BOOKING_TEXT_KINDS,
  balanceReminderText,
  certificateText,
  courseReminderText,
  courseStart,
  offerText,
  paidText,
  shortDates,
  shortDeadline,
} from "./booking-texts";
import { gsmName, isGsm7, segments } from "./sms-text";

const ctx: TextContext = { publicUrl: "https://www.pacificskyrpas-example.com.fj", whatsappTemplates: null };
/** Links are stored by the caller's transaction; here they are only counted. */
const links: unknown[] = [];
const tx = {
  insert: () => ({ values: async (row: unknown) => links.push(row) }),
} as unknown as Pick<Db, "insert">;

const longest = [...COURSE_TYPES].sort(
  (a, b) => COURSES[b].title.length - COURSES[a].title.length,
)[0] as CourseType;
const LONG_VENUE = "Level 12, Pacific Harbour Conference and Training Centre, Queens Road, Deuba";
const PAY_PATH = `/course-payment?place=123456&token=${"x".repeat(32)}`;
const UNTIL = new Date("2026-12-03T05:00:00Z"); // 17:00 in Fiji

function person(firstName: string): TextableApplication {
  return { enrollmentId: 1, to: "+6797012345", channel: "sms", firstName: gsmName(firstName) };
}

async function everyKind(to: TextableApplication): Promise<ApplicantText[]> {
  const dates = { courseType: longest, startDate: "2026-12-28", endDate: "2027-01-08" };
  return [
    await offerText(tx, ctx, to, {
      ...dates,
      seatId: 123456,
      feeCents: 99_999_99,
      depositCents: 19_999_99,
      until: UNTIL,
      payPath: PAY_PATH,
    }),
    await offerText(tx, ctx, to, {
      ...dates,
      seatId: 123456,
      feeCents: 99_999_99,
      depositCents: 19_999_99,
      until: UNTIL,
      payPath: PAY_PATH,
      waitlist: true,
    }),
    await paidText(tx, ctx, to, {
      ...dates,
      amountCents: 99_999_99,
      confirmed: true,
      dueCents: 80_000_00,
      balanceDueDate: "2026-12-14",
    }),
    await courseReminderText(tx, ctx, to, {
      ...dates,
      dailyStart: "08:30",
      dailyEnd: "16:30",
      location: LONG_VENUE,
    }),
    await balanceReminderText(tx, ctx, to, {
      ...dates,
      dueCents: 80_000_00,
      balanceDueDate: "2026-12-14",
      payPath: PAY_PATH,
    }),
    await certificateText(tx, ctx, to, {
      title: COURSES.instructor.certificate,
      number: "PSR-INS-2026-000123",
      code: "a".repeat(22),
    }),
  ];
}

describe("booking texts", () => {
  for (const name of ["Mākereta", "O\u2019Brien", "Christabel-Alexandrina"]) {
    it(`every kind fits in 2 GSM-7 parts for ${name}, with the stop link last`, async () => {
      const texts = await everyKind(person(name));
      expect(texts.map((text) => text.kind)).toEqual([...BOOKING_TEXT_KINDS]);
      for (const text of texts) {
        const size = segments(text.body);
        expect(size.encoding, text.body).toBe("GSM-7");
        expect(size.segments, text.body).toBeLessThanOrEqual(2);
        expect(text.body).toMatch(/\nStop texts: https:\/\/www\.pacificskyrpas-example\.com\.fj\/t\/\w{10}$/);
        for (const value of Object.values(text.variables)) expect(isGsm7(value)).toBe(true);
        expect(Object.keys(text.variables)[0]).toBe("1");
      }
    });
  }

  it("greets a GSM-7 name, and nobody by name when the name is not GSM-7", async () => {
    const [obrien] = await everyKind(person("O\u2019Brien"));
    expect(obrien?.body.startsWith(`Bula O'Brien, your place on the ${COURSES[longest].title}`)).toBe(true);
    const [makereta] = await everyKind(person("Mākereta"));
    expect(makereta?.body.startsWith("Bula, your place on the")).toBe(true);
    expect(makereta?.body).not.toContain("Mākereta");
  });

  it("says what to pay, by when in Fiji time, and carries the deadline for quiet hours", async () => {
    const [offer] = await everyKind(person("Litia"));
    expect(offer?.body).toContain(
      "Pay FJD 19,999.99 deposit or FJD 99,999.99 in full by Thu 3 Dec 5:00 pm Fiji time",
    );
    expect(offer?.deadline).toEqual(UNTIL);
    expect(offer?.variables["3"]).toBe("Thu 3 Dec 5:00 pm");
  });

  it("writes dates short, and a course's start in Fiji time", () => {
    expect(shortDates("2026-12-03", "2026-12-07")).toBe("3-7 Dec");
    expect(shortDates("2026-11-30", "2026-12-04")).toBe("30 Nov-4 Dec");
    expect(shortDates("2026-12-03", "2026-12-03")).toBe("3 Dec");
    expect(shortDeadline(new Date("2026-12-02T20:00:00Z"))).toBe("Thu 3 Dec 8:00 am");
    expect(courseStart("2026-12-03", "08:30").toISOString()).toBe("2026-12-02T20:30:00.000Z");
  });
});
