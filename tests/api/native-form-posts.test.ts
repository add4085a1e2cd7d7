// The public forms posted without script (docs/product.md, Forms without script): contact, the three enrollment
// forms and the e-mail sign-in are stored by their JSON routes' own code and answered with pages: a 303 to the answer
// page (kept under a cookie), the page again with the values and errors (400), refusals as pages (403, 429). A
// repeated identical post within 10 minutes stores nothing new; the JSON API keeps its JSON answers.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE } from "../../server/plugins/csrf";
import { textOf } from "../helpers/html-text";
import { latestMailTo, signInCodeFrom } from "../helpers/outbox-mail";
import { cookieOf } from "../helpers/subscriber";
import { CROSS_SITE, createTestApp, SITE_ORIGIN, siteIsBuilt, withTestApp } from "../helpers/test-app";

const FORM = { origin: SITE_ORIGIN, "content-type": "application/x-www-form-urlencoded" };
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const CONTACT = {
  form: "contact",
  idempotencyKey: "",
  firstName: "Mere",
  lastName: "Tuilagi",
  email: "Mere.Tuilagi@Example.FJ",
  organization: "",
  serviceInterest: "Training Programs",
  message: "We would like a quote for mapping training.",
  website: "",
};

const ADVANCED = {
  form: "enrollment",
  idempotencyKey: "",
  intakeId: "",
  firstName: "Jone",
  lastName: "Waqa",
  email: "jone.waqa@example.fj",
  phone: "+679 999 1234",
  address: "",
  dateOfBirth: "",
  highestEducation: "bachelor",
  educationDetails: "",
  dronesFlown: "DJI Mavic 3",
  totalFlyingHours: "12.5",
  totalPICHours: "4",
  aviationQualifications: "",
  additionalInfo: "",
  website: "",
};

describe.skipIf(!siteIsBuilt)("public forms posted without script", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, headers: { ...FORM, ...headers }, payload: encode(fields) });
  const follow = async (res: {
    headers: Record<string, unknown>;
    cookies: { name: string; value: string }[];
  }) => {
    expect(res.headers.location).toBe("/form-sent");
    const page = await t.app.inject({ method: "GET", url: "/form-sent", headers: { cookie: cookieOf(res) } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    return page;
  };
  const rows = async (query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

  it("contact: a valid post is stored once and answered with the spec's success words", async () => {
    const res = await post("/", CONTACT);
    expect(res.statusCode).toBe(303);
    expect(res.headers["cache-control"]).toBe("no-store");
    const page = await follow(res);
    const text = textOf(page.body);
    expect(text).toContain("Success");
    expect(text).toContain("Your message has been sent successfully! We'll get back to you soon.");
    const stored = await rows("select first_name, email, organization, spam_reason from contact_messages");
    // No time on the form without script: not marked "too fast". The address is stored lower-cased, as by the API.
    expect(stored).toEqual([
      { first_name: "Mere", email: "mere.tuilagi@example.fj", organization: null, spam_reason: null },
    ]);
    // The same post again (a double click, a reload of the post): the first answer, nothing stored.
    const again = await post("/", CONTACT);
    expect(again.statusCode).toBe(303);
    expect(textOf((await follow(again)).body)).toContain("Your message has been sent successfully!");
    expect(await rows("select id from contact_messages")).toHaveLength(1);
    // A random key from the page's script keeps posts apart the same way.
    await post("/", { ...CONTACT, idempotencyKey: "a1b2c3d4e5f6a7b8" });
    await post("/", { ...CONTACT, idempotencyKey: "a1b2c3d4e5f6a7b8" });
    expect(await rows("select id from contact_messages")).toHaveLength(2);
  });

  it("contact: an invalid post is the page again with the values kept and each error beside its field", async () => {
    const res = await post("/", {
      ...CONTACT,
      firstName: "",
      email: "not-an-address",
      message: "Hello <b>there</b>",
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["cache-control"]).toBe("no-store");
    const form = res.body.slice(
      res.body.indexOf('value="contact"'),
      res.body.indexOf("</form>", res.body.indexOf('value="contact"')),
    );
    expect(textOf(res.body)).toContain("Please fill in all required fields.");
    expect(form).toMatch(
      /id="contact-first-name"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-first-name-error"/,
    );
    expect(form).toContain(
      '<p id="contact-first-name-error" class="text-sm text-red-700">First name is required</p>',
    );
    expect(form).toMatch(/name="email"[^>]*value="not-an-address"/);
    expect(form).toContain("Email must be a valid email address");
    expect(form).toMatch(/name="lastName"[^>]*value="Tuilagi"/);
    expect(form).toContain('<option value="Training Programs" selected="">');
    expect(form).toContain("Hello &lt;b&gt;there&lt;/b&gt;</textarea>");
    expect(await rows("select id from contact_messages")).toHaveLength(2);
  });

  it("enrollment: stored once with numbers and booleans from the strings, the place in the answer", async () => {
    const res = await post("/enroll/advanced", ADVANCED);
    expect(res.statusCode).toBe(303);
    const text = textOf((await follow(res)).body);
    expect(text).toContain("Enrollment Submitted Successfully!");
    expect(text).toContain("Thank you for applying for the Advanced RPAS Pilot course.");
    expect(text).toContain("We will be in touch about the next intake dates.");
    const stored = await rows(
      "select course_type, total_flying_hours, total_pic_hours, has_drone_experience, spam_reason from enrollments",
    );
    expect(stored).toEqual([
      {
        course_type: "advanced",
        total_flying_hours: 12.5,
        total_pic_hours: 4,
        has_drone_experience: null,
        spam_reason: null,
      },
    ]);
    expect((await post("/enroll/advanced", ADVANCED)).statusCode).toBe(303);
    expect(await rows("select id from enrollments")).toHaveLength(1);

    const basic = await post("/enroll/basic", {
      form: "enrollment",
      firstName: "Ana",
      lastName: "Vula",
      email: "ana.vula@example.fj",
      phone: "9991234",
      highestEducation: "certificate",
      hasDroneExperience: "on",
    });
    expect(basic.statusCode).toBe(303);
    expect(await rows("select has_drone_experience from enrollments where course_type = 'basic'")).toEqual([
      { has_drone_experience: true },
    ]);
    const unticked = await post("/enroll/basic", {
      form: "enrollment",
      firstName: "Ana",
      lastName: "Vula",
      email: "ana.vula2@example.fj",
      phone: "9991234",
      highestEducation: "certificate",
    });
    expect(unticked.statusCode).toBe(303);
    expect(
      await rows("select has_drone_experience from enrollments where email = 'ana.vula2@example.fj'"),
    ).toEqual([{ has_drone_experience: false }]);
  });

  it("enrollment: an invalid post says the spec's words and keeps the values", async () => {
    const res = await post("/enroll/advanced", {
      ...ADVANCED,
      phone: "",
      totalFlyingHours: "lots",
      website: "x",
    });
    expect(res.statusCode).toBe(400);
    const text = textOf(res.body);
    expect(text).toContain("Required fields missing");
    expect(text).toContain("Please fill in all required fields marked with *");
    expect(res.body).toContain(
      '<p id="enroll-phone-error" class="text-sm text-red-700">Phone Number is required</p>',
    );
    // A number field holds only a number: text a browser would never send is not put back.
    expect(res.body).toMatch(/name="totalFlyingHours"[^>]*value=""/);
    expect(res.body).toContain("Total flying hours must be a number of hours from 0 to 100000");
    expect(res.body).toMatch(/name="firstName"[^>]*value="Jone"/);
    expect(res.body).toContain('<option value="bachelor" selected="">');
    expect(await rows("select id from enrollments where course_type = 'advanced'")).toHaveLength(1);
    // The education placeholder is chosen and disabled, so a browser sends no level at all: "required", not a level.
    const { highestEducation: _none, ...noLevel } = ADVANCED;
    const missing = await post("/enroll/advanced", noLevel);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(
      '<p id="enroll-highestEducation-error" class="text-sm text-red-700">Highest Education is required</p>',
    );
  });

  it("sign-in: asks for a code, answers with the code form, signs in, never echoing the code", async () => {
    const asked = await post(
      "/sign-in",
      { form: "sign-in", email: "Sera@Example.FJ" },
      {
        referer: `${SITE_ORIGIN}/sign-in?returnTo=%2Fmy-training`,
      },
    );
    expect(asked.statusCode).toBe(303);
    const page = await follow(asked);
    expect(textOf(page.body)).toContain("Check your inbox: we sent you a sign-in link and a 6-digit code.");
    expect(page.body).toContain('value="sera@example.fj"');
    await t.app.outbox.drain();
    const mail = latestMailTo(t.app.env.DATA_DIR, "sera@example.fj");
    if (!mail) throw new Error("no sign-in e-mail");
    const { code } = signInCodeFrom(mail);
    // A second identical ask within minutes: the same answer, no second e-mail.
    expect(
      (
        await post(
          "/sign-in",
          { form: "sign-in", email: "Sera@Example.FJ" },
          {
            referer: `${SITE_ORIGIN}/sign-in?returnTo=%2Fmy-training`,
          },
        )
      ).statusCode,
    ).toBe(303);
    expect(await rows("select id from email_outbox where \"to\" = 'sera@example.fj'")).toHaveLength(1);

    const wrong = await post("/sign-in/confirm", {
      form: "sign-in-code",
      email: "sera@example.fj",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers["cache-control"]).toBe("no-store");
    expect(textOf(wrong.body)).toContain("That code is not valid or has expired.");
    expect(wrong.body).toContain('value="sera@example.fj"');
    expect(wrong.body).not.toMatch(/value="\d{6}"/);
    const bad = await post("/sign-in/confirm", {
      form: "sign-in-code",
      email: "sera@example.fj",
      code: "12ab",
    });
    expect(bad.statusCode).toBe(400);
    expect(textOf(bad.body)).toContain("Enter the 6-digit code from the e-mail.");
    expect(bad.body).not.toContain("12ab");

    const signedIn = await post("/sign-in/confirm", { form: "sign-in-code", email: "sera@example.fj", code });
    expect(signedIn.statusCode).toBe(303);
    const done = await follow(signedIn);
    expect(textOf(done.body)).toContain("You are signed in as sera@example.fj.");
    expect(done.body).toContain('href="/my-training"');
    expect(done.body).not.toContain(code);
    const session = signedIn.cookies.find((cookie) => cookie.name === "__Host-rpas_session");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `__Host-rpas_session=${session?.value}` },
    });
    expect(me.json()).toMatchObject({ email: "sera@example.fj" });
  });

  it("sign-in: an invalid address is the page again with the error in the field's box", async () => {
    const res = await post("/sign-in", { form: "sign-in", email: "sera at example" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/name="email"[^>]*value="sera at example"/);
    expect(res.body).toMatch(
      /<div id="sign-in-email-error"><p role="alert"[^>]*>Email must be a valid email address<\/p>/,
    );
  });

  it("refuses a post from another site with a page", async () => {
    const res = await post("/", CONTACT, CROSS_SITE);
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(textOf(res.body)).toContain(CROSS_SITE_MESSAGE);
  });

  it("keeps the JSON API's JSON answers, and a form that needs its script is not sent", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: { origin: SITE_ORIGIN },
      payload: {
        ...CONTACT,
        email: "json@example.fj",
        form: undefined,
        idempotencyKey: undefined,
        website: undefined,
      },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().message).toMatch(/within 24 hours/);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: { origin: SITE_ORIGIN },
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid/);
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: CROSS_SITE,
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(CROSS_SITE_MESSAGE);
    // A form name that is not one of the page's native forms: nothing read or kept.
    const unknown = await post("/", { form: "newsletter", name: "Ana", text: "Great", rating: "5" });
    expect(unknown.statusCode).toBe(200);
    expect(textOf(unknown.body)).toContain("Your form was not sent");
  });

  it("says plainly when there is no answer to show", async () => {
    const res = await t.app.inject({ method: "GET", url: "/form-sent" });
    expect(res.statusCode).toBe(404);
    expect(textOf(res.body)).toContain("Nothing to show");
  });
});

describe.skipIf(!siteIsBuilt)("the rate limit on forms posted without script", () => {
  it("answers 429 with a page", async () => {
    const t = await createTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "1" } });
    const send = (email: string) =>
      t.app.inject({ method: "POST", url: "/", headers: FORM, payload: encode({ ...CONTACT, email }) });
    expect((await send("one@example.fj")).statusCode).toBe(303);
    const limited = await send("two@example.fj");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(textOf(limited.body)).toContain("Too many submissions from your network.");
    await t.close();
  });
});
