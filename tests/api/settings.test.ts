// Staff read and change the business settings; each has a default, a bad value is refused with a clear 400, a
// change is audited with its old and new value, and the intakes created afterwards follow it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../server/db/schema";
import { addDays } from "../../server/training/calendar";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

describe("business settings", () => {
  let cookie: string;
  const put = (payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/admin/settings", payload, headers: { ...sameSite, cookie } });

  const t = withTestApp();
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });

  it("starts from the defaults: 5/10/7 course days, no VAT, a 24-hour hold, 7-day offers, balance 14 days before", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    // Without STAFF_EMAIL, the setting or an owner's e-mail, nobody is told (tests/api/staff-notifications.test.ts).
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, staffNotifications: null });
    expect(res.json()).toMatchObject({
      courseDurationDays: { basic: 5, advanced: 10, instructor: 7 },
      vatPercent: 0,
      seatHoldHours: 24,
      offerDays: 7,
      balanceDueDaysBeforeStart: 14,
    });
  });

  it.each([
    [{ vatPercent: -1 }, "VAT rate must be at least 0"],
    [{ seatHoldHours: 1.5 }, "Seat hold must be a whole number"],
    [{ offerDays: "seven" }, "Offer time must be a number"],
    [
      { courseDurationDays: { basic: 0, advanced: 10, instructor: 7 } },
      "Basic RPAS Pilot duration must be at least 1",
    ],
  ])("refuses %o with a clear message", async (patch, message) => {
    const res = await put(patch);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("saves a change, audits old and new, and later intakes default to the new course length", async () => {
    const durations = { ...DEFAULT_SETTINGS.courseDurationDays, basic: 3 };
    const res = await put({ courseDurationDays: durations, vatPercent: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ courseDurationDays: durations, vatPercent: 15, offerDays: 7 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.changed"));
    expect(entry?.actor).toBe("staff");
    expect(entry?.details).toEqual({
      vatPercent: { from: 0, to: 15 },
      courseDurationDays: { from: DEFAULT_SETTINGS.courseDurationDays, to: durations },
    });
    const start = addDays(fijiToday(), 10);
    const intake = await t.app.inject({
      method: "POST",
      url: "/api/admin/intakes",
      payload: { courseType: "basic", startDate: start, location: "Suva" },
      headers: { ...sameSite, cookie },
    });
    expect(intake.json().endDate).toBe(addDays(start, 2));
  });

  it("saving the same values again changes and audits nothing", async () => {
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "settings.changed"));
    expect((await put({ vatPercent: 15 })).statusCode).toBe(200);
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "settings.changed"));
    expect(after).toHaveLength(before.length);
  });
});
