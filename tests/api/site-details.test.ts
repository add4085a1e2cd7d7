// The owner's business settings (ADR 036): company details checked field by field (an e-mail that is not one, a
// phone without its country code: 400 with the field's message), saved by an owner only, audited by field, and shown
// at once on the served pages (markup, JSON-LD, the details block and its CSP hash) and in the e-mails.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { auditLog } from "../../server/db/schema";
import { enrollmentConfirmation } from "../../server/intake/emails";
import { updateSettings } from "../../server/settings/settings";
import { siteDetailsSource } from "../../server/settings/site-details";
import { EXAMPLE_DETAILS_WARNING } from "../../server/settings/site-details-plugin";
import { createAdmin } from "../../server/staff/accounts";
import { placeOfferEmail } from "../../server/training/emails";
import { COMPANY } from "../../shared/company";
import { COURSES } from "../../shared/constants";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { SEEDED_SITE_DETAILS } from "../../shared/site-details";
import { createStaffAndSignIn, signIn } from "../helpers/admin-session";
import { sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";

const company = DEFAULT_SETTINGS.company;
const newCompany = {
  ...company,
  phones: [{ label: "Office", number: "+679 331 9876" }, company.phones[1]],
  emails: { ...company.emails, general: "hello@pacificsky.com.fj" },
  mpaisa: { merchantName: "Pacific Sky Drones", merchantNumber: "7654321" },
  bank: { ...company.bank, bank: "BSP Fiji", accountNumber: "8800 1234" },
};

describe("business settings: company details and prices", () => {
  const t = withTestApp({ site: siteIsBuilt, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let owner = "";
  const put = (payload: object, cookie = owner) =>
    t.app.inject({ method: "PUT", url: "/api/admin/settings", payload, headers: { ...sameSite, cookie } });
  const page = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it("starts from today's details and the spec's prices and durations", async () => {
    owner = await createStaffAndSignIn(t.app, t.database.db);
    const res = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: owner } });
    expect(res.json()).toMatchObject({
      coursePriceCents: { basic: 30000, advanced: 150000, instructor: 250000 },
      courseDurationDays: { basic: 5, advanced: 10, instructor: 7 },
      company: {
        name: "Pacific Sky RPAS",
        phones: [{ number: "+679 330 1234" }, { number: "+679 990 1234" }],
        emails: { general: "info@pacificskyrpas.example", support: "support@pacificskyrpas.example" },
      },
    });
  });

  it.each([
    [
      { emails: { ...company.emails, general: "not an e-mail" } },
      "General e-mail must be a valid email address",
    ],
    [{ emails: { ...company.emails, support: "help@" } }, "Support e-mail must be a valid email address"],
    [
      { phones: [{ label: "Office", number: "330 1234" }, company.phones[1]] },
      "First phone number must be a phone number with its country code",
    ],
    [
      { phones: [company.phones[0], { label: "Mobile", number: "+679 990 12345" }] },
      "Second phone number must be a phone number with its country code",
    ],
    [
      { social: [{ name: "Facebook", href: "http://facebook.com/x" }, company.social[1], company.social[2]] },
      "First social link must be an https:// address",
    ],
    [{ bank: { ...company.bank, swift: "12" } }, "SWIFT code must be 8 or 11 letters and digits"],
  ])("refuses %o with the field's message", async (change, message) => {
    const res = await put({ company: { ...company, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("refuses a price that is not whole cents", async () => {
    const res = await put({ coursePriceCents: { ...DEFAULT_SETTINGS.coursePriceCents, basic: 300.5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Basic RPAS Pilot price must be a whole number of cents");
  });

  it("lets staff read the settings but only an owner change them", async () => {
    await createAdmin(t.database.db, "helper", "another-long-passphrase-42");
    const { cookie } = await signIn(t.app, { username: "helper", password: "another-long-passphrase-42" });
    const read = await t.app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie } });
    expect(read.statusCode).toBe(200);
    const res = await put({ company: newCompany }, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only an owner can do this.");
  });

  it.skipIf(!siteIsBuilt)(
    "serves the built pages unchanged while the details are the seeded ones",
    async () => {
      const home = await page("/");
      expect(home.body).toContain("+679 330 1234");
      expect(home.body).not.toContain('id="site-details"');
    },
  );

  it("saves the details, audits each changed field, and e-mails use them at once", async () => {
    const res = await put({
      company: newCompany,
      coursePriceCents: { ...DEFAULT_SETTINGS.coursePriceCents, basic: 35000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().company.emails.general).toBe("hello@pacificsky.com.fj");
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.changed"));
    expect(entry?.actor).toBe("staff");
    expect(entry?.details).toEqual({
      "company.phones.0.number": { from: "+679 330 1234", to: "+679 331 9876" },
      "company.emails.general": { from: "info@pacificskyrpas.example", to: "hello@pacificsky.com.fj" },
      "company.bank.bank": { from: "Example Bank of Fiji", to: "BSP Fiji" },
      "company.bank.accountNumber": { from: "0000000000", to: "8800 1234" },
      "company.mpaisa.merchantName": { from: "Pacific Sky RPAS", to: "Pacific Sky Drones" },
      "company.mpaisa.merchantNumber": { from: "1234567", to: "7654321" },
      coursePriceCents: {
        from: DEFAULT_SETTINGS.coursePriceCents,
        to: { ...DEFAULT_SETTINGS.coursePriceCents, basic: 35000 },
      },
    });
    expect(COMPANY.phones[0]).toEqual({ label: "Office", display: "+679 331 9876", tel: "+6793319876" });
    expect(COURSES.basic.priceCents).toBe(35000);
    const mail = enrollmentConfirmation({
      id: 1,
      firstName: "Ana",
      email: "ana@example.com",
      courseType: "basic",
    } as never);
    expect(mail.text).toContain("+679 331 9876 · hello@pacificsky.com.fj");
    expect(mail.text).toContain("Fee: FJD 350.00");
    expect(mail.replyTo).toBe(COMPANY.emails[1].address);
    const offer = placeOfferEmail(
      { email: "ana@example.com", firstName: "Ana" },
      {
        courseType: "basic",
        startDate: "2027-01-11",
        endDate: "2027-01-15",
        location: "Suva",
        feeCents: 35000,
      } as never,
      new Date("2027-01-01T00:00:00Z"),
      null,
      { balanceDueDate: null, depositAllowed: false },
    );
    expect(offer.text).toContain("BSP Fiji (Suva Main Branch), account 8800 1234, SWIFT EXAMFJFJ");
  });

  it.skipIf(!siteIsBuilt)(
    "shows the new details on the pages at once: markup, JSON-LD and the details block",
    async () => {
      const home = await page("/");
      expect(home.body).toContain("+679 331 9876");
      expect(home.body).toContain('href="tel:+6793319876"');
      expect(home.body).toContain("hello@pacificsky.com.fj");
      expect(home.body).not.toContain("info@pacificskyrpas.example");
      expect(home.body).toContain("FJD 350");
      const ld = [...home.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (m) => m[1] ?? "",
      );
      expect(ld.join("")).toContain('"telephone":"+6793319876"');
      expect(ld.join("")).toContain('"price":"350.00"');
      const block = home.body.match(
        /<script type="application\/json" id="site-details">([\s\S]*?)<\/script>/,
      )?.[1];
      expect(JSON.parse(block ?? "{}").company.phones[0].tel).toBe("+6793319876");
      // Every inline block stays listed by hash in the page's CSP.
      const csp = String(home.headers["content-security-policy"]);
      for (const text of [block ?? "", ...ld]) {
        expect(csp).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
      }
      for (const url of [
        "/portal",
        "/service/training",
        "/service/defence",
        "/verify",
        "/unsubscribe",
        "/does-not-exist",
      ]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.body, url).toContain("hello@pacificsky.com.fj");
        expect(res.body, url).not.toContain("info@pacificskyrpas.example");
      }
      expect((await page("/service/training")).body).toContain("FJD 350");
      expect((await page("/mpaisa-payment")).body.replaceAll("<!-- -->", "")).toContain(
        "Pacific Sky Drones</strong> (merchant 7654321).",
      );
    },
  );

  it.skipIf(!siteIsBuilt)(
    "goes back to the built pages when the seeded details are saved again",
    async () => {
      expect((await put({ company, coursePriceCents: DEFAULT_SETTINGS.coursePriceCents })).statusCode).toBe(
        200,
      );
      const home = await page("/");
      expect(home.body).toContain("info@pacificskyrpas.example");
      expect(home.body).not.toContain('id="site-details"');
    },
  );

  it("another instance sees a change within its refresh window", async () => {
    // Its clock is the test's, not the machine's: a slow write on a busy machine must not age the copy by itself.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T00:00:00Z") });
    onTestFinished(() => void vi.useRealTimers());
    const other = siteDetailsSource(t.database.db, 50);
    const before = await other.current();
    await updateSettings(
      t.database.db,
      { company: { ...company, name: "Coral Coast Drones" } },
      { actor: "staff", ip: "127.0.0.1" },
    );
    expect((await other.current()).version).toBe(before.version);
    vi.setSystemTime(Date.now() + 60);
    const after = await other.current();
    expect(after.version).not.toBe(before.version);
    expect(after.details.company.name).toBe("Coral Coast Drones");
    expect(SEEDED_SITE_DETAILS.company.name).toBe("Pacific Sky RPAS");
  });
});

describe("a production start with the seeded company details", () => {
  const lines: string[] = [];
  const t = withTestApp({
    env: { NODE_ENV: "production" },
    logStream: { write: (line) => void lines.push(line) },
  });

  it("logs one clear warning until the owner sets the real details", async () => {
    const warnings = lines.filter((line) => line.includes(EXAMPLE_DETAILS_WARNING));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? "{}").level).toBe(40);
    expect(t.app.siteDetails).toBeDefined();
  });
});
