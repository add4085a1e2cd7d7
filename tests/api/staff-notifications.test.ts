// Staff are always told, or the dashboard says they are not (ADR 044): the staff notification e-mail is a setting the
// owner changes; empty, it falls back to STAFF_EMAIL, else an enabled owner account's e-mail. The address is read
// when each notification is written, and the staff-only settings answer says where they go (null: nobody).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditLog, emailOutbox } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { createStaffAndSignIn, STAFF } from "../helpers/admin-session";
import type { TestApp } from "../helpers/test-app";
import { postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const enquiry = (message: string) => ({
  firstName: "Mere",
  lastName: "Tuilagi",
  email: "mere.tuilagi@example.fj",
  organization: "NDMO",
  serviceInterest: "Disaster Management",
  message,
  formStartedAt: Date.now() - 60_000,
});

/** Every e-mail the file mailer wrote to `address`, read as a mail client reads it. */
async function mailsTo(t: TestApp, address: string) {
  await t.app.outbox.drain();
  const dir = join(t.app.env.DATA_DIR, "outbox");
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith(".eml")).sort();
  const mails = await Promise.all(names.map(async (name) => simpleParser(await readFile(join(dir, name)))));
  return mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
}

function helpers(t: TestApp) {
  let cookie = "";
  return {
    signIn: async () => {
      cookie = await createStaffAndSignIn(t.app, t.database.db);
    },
    where: async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json().staffNotifications as { address: string; source: string } | null;
    },
    set: (staffNotificationEmail: unknown) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        payload: { staffNotificationEmail },
        headers: { ...sameSite, cookie },
      }),
    contact: async (message: string) => {
      const res = await postFromSite(t.app, "/api/contacts", enquiry(message));
      expect(res.statusCode).toBe(201);
    },
    /** The outbox rows whose body holds `text`. */
    queued: async (text: string) =>
      (await t.database.db.select().from(emailOutbox)).filter((row) => row.text.includes(text)),
  };
}

describe("staff notifications with no STAFF_EMAIL, no setting and no owner e-mail", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const h = helpers(t);
  beforeAll(() => h.signIn());

  it("says nobody is told, and an enquiry queues no staff e-mail", async () => {
    expect(await h.where()).toBeNull();
    await h.contact("Nobody should hear of this one.");
    expect(await h.queued("Nobody should hear of this one.")).toEqual([]);
  });

  it("refuses an address that is not one with a 400 naming the field", async () => {
    for (const bad of ["not an e-mail", "office@", 42]) {
      const res = await h.set(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("staffNotificationEmail");
    }
    expect((await h.set("office@")).json().message).toContain(
      "Staff notification e-mail must be a valid email address",
    );
    expect(await h.where()).toBeNull();
  });

  it("sends the next enquiry, application and review to the owner's address, stored lower-cased, and audits it", async () => {
    const saved = await h.set("  Office@PacificSky.COM.FJ ");
    expect(saved.statusCode).toBe(200);
    expect(saved.json().staffNotificationEmail).toBe("office@pacificsky.com.fj");
    expect(await h.where()).toEqual({ address: "office@pacificsky.com.fj", source: "setting" });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.changed"));
    expect(entry?.details).toEqual({ staffNotificationEmail: { from: "", to: "office@pacificsky.com.fj" } });

    await h.contact("Please call us about flood mapping.");
    const [mail] = await mailsTo(t, "office@pacificsky.com.fj");
    expect(mail?.subject).toMatch(/^Website enquiry #\d+: Disaster Management from Mere Tuilagi$/);
    expect(mail?.text).toContain("Please call us about flood mapping.");
    expect(mail?.replyTo?.text).toBe("mere.tuilagi@example.fj");

    const review = await postFromSite(t.app, "/api/reviews", {
      name: "Sera Naivalu",
      rating: 5,
      text: "Excellent crop survey.",
      formStartedAt: Date.now() - 60_000,
    });
    expect(review.statusCode).toBe(201);
    const enrollment = await postFromSite(t.app, "/api/enrollment/basic", {
      firstName: "Litia",
      lastName: "Vosa",
      email: "litia@example.fj",
      phone: "+679 990 1234",
      highestEducation: "bachelor",
      hasDroneExperience: false,
      formStartedAt: Date.now() - 60_000,
    });
    expect(enrollment.statusCode).toBe(201);
    const subjects = (await mailsTo(t, "office@pacificsky.com.fj")).map((m) => m.subject);
    expect(subjects).toEqual([
      expect.stringMatching(/^Website enquiry/),
      expect.stringMatching(/^New 5-star review #\d+ awaiting approval$/),
      expect.stringMatching(/^New enrollment #\d+: Basic RPAS Pilot - Litia Vosa$/),
    ]);
  });

  it("emptied again, nobody is told once more", async () => {
    const res = await h.set("");
    expect(res.statusCode).toBe(200);
    expect(res.json().staffNotificationEmail).toBe("");
    expect(await h.where()).toBeNull();
    await h.contact("Back to nobody.");
    expect(await h.queued("Back to nobody.")).toEqual([]);
  });

  it("only staff see where notifications go", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/settings" });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain("staffNotifications");
  });
});

describe("the fallback when the setting is empty: STAFF_EMAIL, then an enabled owner's e-mail", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const h = helpers(t);
  const setEmail = (username: string, email: string | null) =>
    t.database.db.update(adminUsers).set({ email }).where(eq(adminUsers.username, username));
  beforeAll(async () => {
    await h.signIn();
    // A staff member's e-mail is never the fallback: only an owner's.
    await createAdmin(t.database.db, "helper", STAFF.password);
    await setEmail("helper", "helper@pacificsky.com.fj");
  });

  it("an owner who has an e-mail is told when nothing else is set; a disabled owner is not", async () => {
    expect(await h.where()).toBeNull();
    await setEmail(STAFF.username, "owner@pacificsky.com.fj");
    expect(await h.where()).toEqual({ address: "owner@pacificsky.com.fj", source: "owner" });
    await h.contact("For the owner.");
    expect((await h.queued("For the owner."))[0]?.to).toBe("owner@pacificsky.com.fj");

    await t.database.db.insert(adminUsers).values({
      username: "former",
      passwordHash: "x",
      role: "owner",
      email: "former@pacificsky.com.fj",
      createdAt: new Date("2020-01-01T00:00:00Z"),
      disabledAt: new Date(),
    });
    expect(await h.where()).toEqual({ address: "owner@pacificsky.com.fj", source: "owner" });
  });

  it("the setting comes before the owner's e-mail", async () => {
    expect((await h.set("desk@pacificsky.com.fj")).statusCode).toBe(200);
    expect(await h.where()).toEqual({ address: "desk@pacificsky.com.fj", source: "setting" });
    await h.contact("For the desk.");
    expect((await h.queued("For the desk."))[0]?.to).toBe("desk@pacificsky.com.fj");
    expect((await h.set("")).statusCode).toBe(200);
  });
});

describe("with STAFF_EMAIL set", () => {
  const t = withTestApp({
    env: { STAFF_EMAIL: "office@pacificskyrpas.example", RATE_LIMIT_PUBLIC_PER_MINUTE: "0" },
  });
  const h = helpers(t);
  beforeAll(async () => {
    await h.signIn();
    await t.database.db
      .update(adminUsers)
      .set({ email: "owner@pacificsky.com.fj" })
      .where(eq(adminUsers.username, STAFF.username));
  });

  it("the variable comes before an owner's e-mail, and the setting before the variable", async () => {
    expect(await h.where()).toEqual({ address: "office@pacificskyrpas.example", source: "environment" });
    await h.contact("For the variable.");
    expect((await h.queued("For the variable."))[0]?.to).toBe("office@pacificskyrpas.example");

    expect((await h.set("desk@pacificsky.com.fj")).statusCode).toBe(200);
    await h.contact("For the setting.");
    const [mail] = await mailsTo(t, "desk@pacificsky.com.fj");
    expect(mail?.text).toContain("For the setting.");
    expect(await h.queued("For the setting.")).toHaveLength(1);
  });
});
