// Changing the course prices (ADR 045): the price is saved and audited as a setting; every intake keeps the fee it was
// created with unless the owner asks that the open intakes yet to start with no payment take the new price, which
// happens in the same transaction, each intake audited. Intakes where anyone paid or started to pay keep their fee.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, coursePayments, intakes, settings } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { addDays } from "../../server/training/calendar";
import type { CourseType } from "../../shared/constants";
import type { CoursePriceChanged, CoursePricesAnswer } from "../../shared/course-prices";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn, signIn } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

const PRICES = DEFAULT_SETTINGS.coursePriceCents;
const INSTRUCTOR_NEW = 280_050;

describe("course prices", () => {
  const t = withTestApp();
  let owner = "";
  let staff = "";
  const call = (cookie: string, method: "GET" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const db = () => t.database.db;

  let serial = 0;
  async function intake(
    courseType: CourseType,
    options: { startsInDays?: number; feeCents?: number; depositCents?: number; status?: "closed" } = {},
  ) {
    serial += 1;
    const start = addDays(fijiToday(), options.startsInDays ?? 40);
    const [row] = await db()
      .insert(intakes)
      .values({
        courseType,
        startDate: start,
        endDate: addDays(start, 6),
        location: `Suva ${serial}`,
        seats: 8,
        feeCents: options.feeCents ?? PRICES[courseType],
        depositCents: options.depositCents ?? null,
        status: options.status ?? "open",
      })
      .returning({ id: intakes.id });
    if (!row) throw new Error("no intake");
    return row.id;
  }
  async function payment(intakeId: number, status: "pending" | "paid" | "refunded" | "failed") {
    serial += 1;
    await db()
      .insert(coursePayments)
      .values({
        reference: `CFP-PRICE${String(serial).padStart(5, "0")}`,
        intakeId,
        kind: "full",
        method: "card",
        amountCents: 1000,
        status,
      });
  }
  const feeOf = async (id: number) =>
    (await db().select({ fee: intakes.feeCents }).from(intakes).where(eq(intakes.id, id)))[0]?.fee;

  beforeAll(async () => {
    // The first account is the owner; the next is staff.
    owner = await createStaffAndSignIn(t.app, db());
    await createAdmin(db(), "vika", "correct-horse-battery-staple");
    staff = (await signIn(t.app, { username: "vika", password: "correct-horse-battery-staple" })).cookie;
  });

  it("lists the open intakes yet to start with no payment; only an owner changes prices", async () => {
    const unpaid = await intake("advanced");
    const failedOnly = await intake("advanced");
    await payment(failedOnly, "failed");
    const pending = await intake("advanced");
    await payment(pending, "pending");
    const refunded = await intake("advanced");
    await payment(refunded, "refunded");
    const closed = await intake("advanced", { status: "closed" });
    const started = await intake("advanced", { startsInDays: -1 });

    const res = await call(staff, "GET", "/api/admin/course-prices");
    expect(res.statusCode).toBe(200);
    const answer = res.json<CoursePricesAnswer>();
    expect(answer.coursePriceCents).toEqual(PRICES);
    const listed = answer.openIntakes.map((row) => row.id);
    expect(listed).toEqual(expect.arrayContaining([unpaid, failedOnly]));
    for (const id of [pending, refunded, closed, started]) expect(listed).not.toContain(id);

    const refused = await call(staff, "PUT", "/api/admin/course-prices", {
      coursePriceCents: PRICES,
      openIntakes: "keep",
    });
    expect(refused.statusCode).toBe(403);
  });

  it.each([
    [{ coursePriceCents: PRICES }, "Say whether open intakes with no payment keep their fee"],
    [
      { coursePriceCents: { ...PRICES, basic: 350.5 }, openIntakes: "keep" },
      "Basic RPAS Pilot price must be a whole number of cents",
    ],
    [
      { coursePriceCents: { ...PRICES, basic: -100 }, openIntakes: "keep" },
      "Basic RPAS Pilot price must be at least 0",
    ],
    [
      { coursePriceCents: { ...PRICES, basic: "FJD 350" }, openIntakes: "keep" },
      "Basic RPAS Pilot price must be a number",
    ],
  ])("refuses %o with a clear message and saves nothing", async (payload, message) => {
    const res = await call(owner, "PUT", "/api/admin/course-prices", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await db().select().from(settings).where(eq(settings.key, "coursePriceCents"))).toHaveLength(0);
  });

  it("keeping: the price is saved and audited, every intake keeps its fee, new intakes take the price", async () => {
    const open = await intake("basic");
    const res = await call(owner, "PUT", "/api/admin/course-prices", {
      coursePriceCents: { ...PRICES, basic: 35_000 },
      openIntakes: "keep",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CoursePriceChanged>()).toEqual({
      coursePriceCents: { ...PRICES, basic: 35_000 },
      updatedIntakes: [],
    });
    expect(await feeOf(open)).toBe(PRICES.basic);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "settings.changed"));
    expect(entry?.details).toEqual({
      coursePriceCents: { from: PRICES, to: { ...PRICES, basic: 35_000 } },
    });
    const settingsNow = await call(staff, "GET", "/api/admin/settings");
    expect(settingsNow.json().coursePriceCents.basic).toBe(35_000);

    // A new intake without a fee of its own charges the saved price.
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/intakes",
      payload: { courseType: "basic", startDate: addDays(fijiToday(), 20), location: "Nadi" },
      headers: { ...sameSite, cookie: staff },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().feeCents).toBe(35_000);
  });

  it("updating: unpaid open intakes of the changed course take the new price in the same save, each audited", async () => {
    const follows = await intake("instructor");
    const ownFee = await intake("instructor", { feeCents: 200_000, depositCents: 50_000 });
    const paid = await intake("instructor");
    await payment(paid, "paid");
    const bigDeposit = await intake("instructor", { feeCents: 300_000, depositCents: 290_000 });
    const closed = await intake("instructor", { status: "closed" });
    const otherCourse = await intake("advanced", { feeCents: 140_000 });
    const auditsBefore = (await db().select().from(auditLog)).length;

    const res = await call(owner, "PUT", "/api/admin/course-prices", {
      coursePriceCents: { ...PRICES, basic: 35_000, instructor: INSTRUCTOR_NEW },
      openIntakes: "update",
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<CoursePriceChanged>();
    expect(answer.updatedIntakes.map((row) => [row.id, row.fromCents, row.feeCents])).toEqual(
      expect.arrayContaining([
        [follows, PRICES.instructor, INSTRUCTOR_NEW],
        [ownFee, 200_000, INSTRUCTOR_NEW],
      ]),
    );
    expect(answer.updatedIntakes.every((row) => row.courseType === "instructor")).toBe(true);
    expect(await feeOf(follows)).toBe(INSTRUCTOR_NEW);
    expect(await feeOf(ownFee)).toBe(INSTRUCTOR_NEW);
    expect(await feeOf(paid)).toBe(PRICES.instructor);
    expect(await feeOf(bigDeposit)).toBe(300_000);
    expect(await feeOf(closed)).toBe(PRICES.instructor);
    expect(await feeOf(otherCourse)).toBe(140_000);

    const audits = (await db().select().from(auditLog)).slice(auditsBefore);
    expect(audits.find((row) => row.action === "settings.changed")?.details).toEqual({
      coursePriceCents: {
        from: { ...PRICES, basic: 35_000 },
        to: { ...PRICES, basic: 35_000, instructor: INSTRUCTOR_NEW },
      },
    });
    const followed = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "intake.changed"), eq(auditLog.subject, `intake ${follows}`)));
    expect(followed[0]?.details).toEqual({
      feeCents: { from: PRICES.instructor, to: INSTRUCTOR_NEW },
      because: "course price changed",
    });

    // The public schedule charges the new fee.
    const schedule = await t.app.inject({ method: "GET", url: "/api/intakes?course=instructor" });
    expect(schedule.json().find((row: { id: number }) => row.id === follows)?.feeCents).toBe(INSTRUCTOR_NEW);

    // Saving the same prices again updates nothing more.
    const again = await call(owner, "PUT", "/api/admin/course-prices", {
      coursePriceCents: { ...PRICES, basic: 35_000, instructor: INSTRUCTOR_NEW },
      openIntakes: "update",
    });
    expect(again.json<CoursePriceChanged>().updatedIntakes).toEqual([]);
  });
});
