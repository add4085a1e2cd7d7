// One mailbox takes at most 2 live places (held, offered or waitlisted) in an intake, however its address is spelled:
// x+1@gmail.com, x+2@gmail.com and X.Y@googlemail.com are one mailbox. A further application is received and kept,
// takes no seat and says so (in the answer, the confirmation and staff's notification); staff can still place it by
// hand, audited; the limit is a setting, holds under concurrent submissions, and existing places got their key.
import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, enrollments, seats, settings } from "../../server/db/schema";
import { placesOf } from "../../server/training/seats";
import { mailboxKey } from "../../shared/mailbox";
import { createStaffAndSignIn, insertEnrollment, insertIntake } from "../helpers/admin-session";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { sameSite, withTestApp } from "../helpers/test-app";

const STAFF_EMAIL = "office@rpas.example.fj";
let lastOctet = 0;
/** Each applicant from an address of their own, so no burst of places from one IP address is flagged here. */
const nextIp = () => {
  lastOctet += 1;
  return `198.51.${Math.floor(lastOctet / 250)}.${lastOctet % 250}`;
};

describe("places per mailbox", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", STAFF_EMAIL } });
  let cookie: string;
  let intakeId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  beforeEach(async () => {
    await db().delete(emailOutbox);
    await db().delete(settings);
    intakeId = await insertIntake(db(), 30, "Suva", 8);
  });

  function apply(email: string, intake = intakeId, firstName = "Litia") {
    return t.app.inject({
      method: "POST",
      url: "/api/enrollment/basic",
      payload: { ...sampleEnrollment("basic"), firstName, email, formElapsedMs: 60_000, intakeId: intake },
      headers: sameSite,
      remoteAddress: nextIp(),
    });
  }
  async function placed(email: string) {
    const res = await apply(email);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; message: string; place?: { outcome: string; limit?: number } };
  }
  const mailTo = async (to: string) =>
    (await db().select().from(emailOutbox).where(eq(emailOutbox.to, to))).map((mail) => mail.text);

  it("x+1@gmail.com, x+2@gmail.com and X.Y@googlemail.com are one mailbox: the third is received but takes no seat", async () => {
    expect((await placed("x.y+1@gmail.com")).place?.outcome).toBe("held");
    expect((await placed("xy+2@gmail.com")).place?.outcome).toBe("held");
    const third = await placed("X.Y@googlemail.com");
    expect(third.place).toEqual({ outcome: "limit", position: null, limit: 2 });
    // The spec's message is unchanged; the place note says what happened.
    expect(third.message).toBe(
      "Thank you for applying for the Basic RPAS Pilot course. We will contact you within 24 hours.",
    );
    // Never lose what was sent: the application is stored with its address (lower-cased as every address is, its
    // dots and domain kept: sign-in and mail use it) and the reason staff read.
    const [stored] = await db().select().from(enrollments).where(eq(enrollments.id, third.id));
    expect(stored).toMatchObject({ email: "x.y@googlemail.com", intakeId, noPlaceReason: "mailbox-limit" });
    const places = await placesOf(db(), intakeId);
    expect(places.map((p) => [p.email, p.mailboxKey, p.state])).toEqual([
      ["x.y+1@gmail.com", "xy@gmail.com", "held"],
      ["xy+2@gmail.com", "xy@gmail.com", "held"],
    ]);
    // The confirmation says so plainly, and staff's notification says why.
    const [confirmation] = await mailTo("x.y@googlemail.com");
    expect(confirmation).toContain("Your application is received, but it does not hold a seat");
    expect(confirmation).toContain("already has 2 places in this intake");
    expect(confirmation).toMatch(/^Bula Litia,/);
    const staffMail = (await mailTo(STAFF_EMAIL)).find((text) => text.includes("x.y@googlemail.com"));
    expect(staffMail).toContain("No seat taken: this mailbox already has 2 live places");
    // The enrollment card says why it has no place.
    const list = await t.app.inject({
      method: "GET",
      url: "/api/enrollments?q=googlemail",
      headers: { cookie },
    });
    expect(list.json()[0].training).toMatchObject({
      placed: false,
      flag: expect.stringMatching(/^No seat taken/),
    });
  });

  it("another domain keeps its dots: jo.smith@ and josmith@ are two mailboxes, +tags of one are one", async () => {
    const domain = "fijiairways.com.fj";
    expect((await placed(`jo.smith+1@${domain}`)).place?.outcome).toBe("held");
    expect((await placed(`jo.smith+2@${domain}`)).place?.outcome).toBe("held");
    expect((await placed(`josmith@${domain}`)).place?.outcome).toBe("held");
    expect((await placed(`Jo.Smith@${domain}`)).place?.outcome).toBe("limit");
  });

  it("a waitlist place counts, a declined one frees the mailbox's turn, and another intake has its own limit", async () => {
    const small = await insertIntake(db(), 40, "Nadi", 1);
    const one = await apply("ana+1@gmail.com", small);
    expect(one.json().place.outcome).toBe("held");
    expect((await apply("ana+2@gmail.com", small)).json().place.outcome).toBe("waitlisted");
    expect((await apply("ana+3@gmail.com", small)).json().place.outcome).toBe("limit");
    // Elsewhere the same mailbox starts afresh.
    expect((await placed("ana+4@gmail.com")).place?.outcome).toBe("held");
    const [first] = await placesOf(db(), small);
    const decline = await t.app.inject({
      method: "POST",
      url: `/api/admin/places/${first?.id}/decline`,
      headers: { ...sameSite, cookie },
    });
    expect(decline.statusCode).toBe(200);
    expect((await apply("ana+5@gmail.com", small)).json().place.outcome).toBe("waitlisted");
  });

  it("applications from one mailbox sent at the same moment never pass the limit", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => apply(`rush.hour+${i}@googlemail.com`)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(201));
    const outcomes = answers.map((res) => res.json().place.outcome as string).sort();
    expect(outcomes).toEqual(["held", "held", "limit", "limit", "limit", "limit", "limit", "limit"]);
    const live = (await placesOf(db(), intakeId)).filter((p) => p.mailboxKey === "rushhour@gmail.com");
    expect(live).toHaveLength(2);
  });

  it("staff can place a third application by hand; the audit says it went beyond the limit", async () => {
    await placed("mere+1@gmail.com");
    await placed("mere+2@gmail.com");
    const third = await placed("mere+3@gmail.com");
    expect(third.place?.outcome).toBe("limit");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/enrollments/${third.id}/intake`,
      payload: { intakeId },
      headers: { ...sameSite, cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: "held", email: "mere+3@gmail.com" });
    const live = (await placesOf(db(), intakeId)).filter((p) => p.mailboxKey === "mere@gmail.com");
    expect(live.map((p) => p.state)).toEqual(["held", "held", "held"]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `enrollment ${third.id}`));
    expect(entry).toMatchObject({ action: "place.assigned", actor: "staff" });
    expect(entry?.details).toMatchObject({ toIntakeId: intakeId, state: "held", beyondMailboxLimit: 3 });
    const [stored] = await db().select().from(enrollments).where(eq(enrollments.id, third.id));
    expect(stored?.noPlaceReason).toBeNull();
  });

  it("the limit is a setting: at 3, a third place is taken and a fourth is not; at 1, only one", async () => {
    const put = (placesPerMailbox: number) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        payload: { placesPerMailbox },
        headers: { ...sameSite, cookie },
      });
    expect((await put(3)).statusCode).toBe(200);
    for (const n of [1, 2, 3]) expect((await placed(`vika+${n}@gmail.com`)).place?.outcome).toBe("held");
    const fourth = await placed("vika+4@gmail.com");
    expect(fourth.place).toMatchObject({ outcome: "limit", limit: 3 });
    const [confirmation] = await mailTo("vika+4@gmail.com");
    expect(confirmation).toContain("already has 3 places in this intake");
    expect((await put(1)).statusCode).toBe(200);
    expect((await placed("tomasi+1@gmail.com")).place?.outcome).toBe("held");
    expect((await placed("tomasi+2@gmail.com")).place).toMatchObject({ outcome: "limit", limit: 1 });
    expect((await put(0)).json().message).toContain("Places per mailbox must be at least 1");
  });
});

describe("the mailbox key of places taken before it existed", () => {
  const t = withTestApp();

  it("the migration's hand-written backfill gives every old place the key shared/mailbox.ts gives", async () => {
    const dir = new URL("../../server/db/migrations/", import.meta.url);
    const migration = readdirSync(dir)
      .filter((name) => name.endsWith(".sql"))
      .map((name) => readFileSync(new URL(name, dir), "utf8"))
      .find((text) => text.includes('UPDATE "seats" SET "mailbox_key"'));
    // The statement alone, wherever it sits among the migration's hand-written SQL.
    const start = migration?.indexOf('UPDATE "seats" SET "mailbox_key"') ?? -1;
    const backfill = migration?.slice(start, migration.indexOf(";", start) + 1);
    if (!backfill) throw new Error("no mailbox key backfill in the migrations");
    const db = t.database.db;
    const intakeId = await insertIntake(db, 30, "Suva", 8);
    const addresses = [
      "x.y+1@gmail.com",
      "X.Y@GoogleMail.com",
      "jo.smith+course@fijiairways.com.fj",
      "Jo.Smith@FijiAirways.com.fj",
      "plain@example.fj",
      "a.b.c+d+e@googlemail.com",
      "dots.stay@usp.ac.fj",
    ];
    for (const email of addresses) {
      const enrollmentId = await insertEnrollment(db, { email });
      // As the row was before the column: the empty default.
      await db.insert(seats).values({ intakeId, enrollmentId, email, mailboxKey: "", state: "declined" });
    }
    await db.execute(sql.raw(backfill));
    const rows = await placesOf(db, intakeId);
    expect(rows.map((row) => [row.email, row.mailboxKey])).toEqual(
      addresses.map((email) => [email, mailboxKey(email)]),
    );
  });
});
