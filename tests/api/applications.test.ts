// An application that names an intake takes its place there at once: a held seat, or a numbered waitlist place when
// the intake is full. It is told so in the answer and the confirmation e-mail, under the spec's unchanged message.
// Likely spam holds nothing until staff say "Not spam"; another course's intake holds nothing either.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, enrollments, seats } from "../../server/db/schema";
import { createStaffAndSignIn, insertIntake } from "../helpers/admin-session";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const MESSAGE =
  "Thank you for applying for the Basic RPAS Pilot course. We will contact you within 24 hours.";

describe("applying for an intake", () => {
  let cookie: string;
  let intakeId: number;
  let serial = 0;
  const apply = (extra: object, course = "basic") => {
    serial += 1;
    const payload = {
      ...sampleEnrollment(course as "basic"),
      email: `applicant${serial}@example.fj`,
      formElapsedMs: 60_000,
      ...extra,
    };
    return t.app.inject({ method: "POST", url: `/api/enrollment/${course}`, payload, headers: sameSite });
  };
  const confirmationTo = async (to: string) =>
    (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).find((m) =>
      m.subject.startsWith("We have received your application"),
    );

  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  beforeEach(async () => {
    await t.database.db.delete(seats);
    intakeId = await insertIntake(t.database.db, 21, "Lautoka", 1);
  });

  it("holds a seat in the chosen intake and says so, keeping the spec's message", async () => {
    const res = await apply({ intakeId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MESSAGE, place: { outcome: "held", position: null } });
    const mail = await confirmationTo(`applicant${serial}@example.fj`);
    expect(mail?.text).toMatch(/^Intake: .*, Lautoka$/m);
    expect(mail?.text).toContain("A seat is held for you in this intake while we review your application.");
    // Today's flow: confirm the address, staff review, then an offer paid online; no invoice, no date to agree.
    expect(mail?.text).toContain("Confirm your e-mail address here:\n");
    expect(mail?.text).toContain("we e-mail you an offer of the place: it comes with a link to pay online");
    expect(mail?.text).not.toMatch(/invoice|agree a course date/i);
    const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, res.json().id));
    expect(row?.intakeId).toBe(intakeId);
  });

  it("puts the next applicant on the waitlist with their position", async () => {
    await apply({ intakeId });
    const res = await apply({ intakeId });
    expect(res.json().place).toEqual({ outcome: "waitlisted", position: 1 });
    const mail = await confirmationTo(`applicant${serial}@example.fj`);
    expect(mail?.text).toContain("This intake is full, so you are number 1 on its waitlist.");
  });

  it("'Any upcoming date' and another course's intake hold nothing, and the application still arrives", async () => {
    const any = await apply({ intakeId: null });
    expect(any.statusCode).toBe(201);
    expect(any.json().place).toEqual({ outcome: "none", position: null });
    const other = await apply({ intakeId }, "advanced");
    expect(other.statusCode).toBe(201);
    expect(other.json().place).toEqual({ outcome: "none", position: null });
    expect(await t.database.db.select().from(seats)).toHaveLength(0);
    const mail = await confirmationTo(`applicant${serial}@example.fj`);
    expect(mail?.text).not.toMatch(/^Intake:/m);
    expect(mail?.text).toContain("No seat is held for you yet");
    expect(mail?.text).toContain("We put you in an upcoming intake of this course and e-mail you its dates.");
    expect(mail?.text).not.toMatch(/invoice|agree a course date/i);
  });

  it("refuses an intake that is not a number with a clear 400", async () => {
    const res = await apply({ intakeId: "next-month" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Intake must be a number");
  });

  it("likely spam holds nothing; staff's 'Not spam' takes its place from that moment", async () => {
    const caught = await apply({ intakeId, website: "http://bot.example" });
    expect(caught.statusCode).toBe(201);
    expect(await t.database.db.select().from(seats)).toHaveLength(0);
    const restored = await postFromSite(
      t.app,
      `/api/admin/spam/enrollment/${caught.json().id}/not-spam`,
      undefined,
      { cookie },
    );
    expect(restored.statusCode).toBe(200);
    const places = await t.database.db.select().from(seats);
    expect(places.map((p) => [p.enrollmentId, p.state])).toEqual([[caught.json().id, "held"]]);
    const mail = await confirmationTo(`applicant${serial}@example.fj`);
    expect(mail?.text).toContain("A seat is held for you");
  });
});

describe("a rush of applications through the form", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });

  it("50 people submitting at once for 8 seats: 8 hold one, 42 are told their waitlist place 1 to 42", async () => {
    const intakeId = await insertIntake(t.database.db, 14, "Suva", 8);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/enrollment/basic",
          payload: {
            ...sampleEnrollment("basic"),
            email: `rush${i}@example.fj`,
            formElapsedMs: 60_000,
            intakeId,
          },
          headers: sameSite,
        }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 201)).toBe(true);
    const places = answers.map((res) => res.json().place);
    expect(places.filter((p) => p.outcome === "held")).toHaveLength(8);
    const positions = places
      .flatMap((p) => (p.outcome === "waitlisted" ? [p.position] : []))
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 42 }, (_, i) => i + 1));
  });
});
