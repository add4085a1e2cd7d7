// Testimonials with consent (docs/product.md, Testimonials with consent; ADR 061): the review form's "You may feature
// my review" box is stored with its time (JSON and the form posted without script); only an owner features a review,
// and only an approved one whose writer consented and has not withdrawn, each decision audited; the writer's
// approval e-mail, read as their mail program reads it, carries the withdraw link: its page changes nothing, its
// button withdraws at once (consent, featuring and photo); a forged link names nothing; featuredTestimonials answers
// what the home page may show.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, reviews } from "../../server/db/schema";
import { featuredTestimonials } from "../../server/intake/featured-testimonials";
import { createAdmin } from "../../server/staff/accounts";
import { FEATURE_REFUSALS } from "../../shared/testimonials";
import { createStaffAndSignIn, signIn } from "../helpers/admin-session";
import { insertCertificate } from "../helpers/certificate-rows";
import { textOf } from "../helpers/html-text";
import { parsedMailsTo } from "../helpers/outbox-mail";
import { cookieOf } from "../helpers/subscriber";
import { CROSS_SITE, postFromSite, SITE_ORIGIN, siteIsBuilt, withTestApp } from "../helpers/test-app";
import { uploadPicture } from "./library-fixtures";

const review = {
  name: "Mere Salote Tuilau",
  organization: "Fiji Roads Authority",
  position: "Survey Lead",
  rating: 5,
  text: "Clear teaching, plenty of flying time.",
};

/** A testimonial photo uploaded through the media library (ADR 060) in beforeAll: its id is set there. */
const PHOTO = { mediaId: "", alt: "Mere Tuilau holding a survey drone" };

describe("testimonials with consent", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const db = () => t.database.db;
  let owner = "";
  let staff = "";

  beforeAll(async () => {
    // The first account is the owner; the next is staff.
    owner = await createStaffAndSignIn(t.app, db());
    await createAdmin(db(), "vika", "correct-horse-battery-staple");
    staff = (await signIn(t.app, { username: "vika", password: "correct-horse-battery-staple" })).cookie;
    const uploaded = await uploadPicture(t.app, owner, { kind: "testimonial", alt: PHOTO.alt });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    PHOTO.mediaId = String(uploaded.json().id);
  });

  async function write(extra: object = {}) {
    const res = await postFromSite(t.app, "/api/reviews", { ...review, ...extra });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    return id;
  }
  const row = async (id: number) => {
    const [found] = await db().select().from(reviews).where(eq(reviews.id, id));
    if (!found) throw new Error("no review");
    return found;
  };
  const as = (
    cookie: string,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) =>
    t.app.inject({ method, url, headers: { cookie, origin: SITE_ORIGIN }, ...(payload ? { payload } : {}) });
  const moderate = (id: number, status: "approved" | "rejected", cookie = staff) =>
    as(cookie, "PATCH", `/api/admin/reviews/${id}`, { status });
  const feature = (id: number, cookie = owner) => as(cookie, "POST", `/api/admin/reviews/${id}/feature`);
  const unfeature = (id: number, cookie = owner) => as(cookie, "POST", `/api/admin/reviews/${id}/unfeature`);
  const audits = (id: number) =>
    db()
      .select({ actor: auditLog.actor, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subject, `review ${id}`))
      .orderBy(auditLog.id);

  it("stores the ticked box with the time it was sent, and nothing when it is not ticked", async () => {
    const before = Date.now();
    const ticked = await row(await write({ featureConsent: true }));
    expect(ticked.featureConsentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(ticked.featureConsentAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await row(await write({ featureConsent: false }))).featureConsentAt).toBeNull();
    expect((await row(await write())).featureConsentAt).toBeNull();
    const bad = await postFromSite(t.app, "/api/reviews", { ...review, featureConsent: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("featureConsent");
  });

  it("lets only an owner feature an approved review whose writer consented, and audits each decision", async () => {
    const id = await write({ featureConsent: true });
    // Not approved yet.
    expect((await feature(id)).json()).toMatchObject({ message: FEATURE_REFUSALS.notApproved });
    expect((await feature(id)).statusCode).toBe(409);
    expect((await moderate(id, "approved")).statusCode).toBe(200);
    // Staff moderate, but do not feature.
    const byStaff = await feature(id, staff);
    expect(byStaff.statusCode).toBe(403);
    expect((await row(id)).featuredAt).toBeNull();

    const featured = await feature(id);
    expect(featured.statusCode).toBe(200);
    expect(featured.json()).toMatchObject({ id, featuredBy: "staff", featureWithdrawnAt: null });
    const stored = await row(id);
    expect(stored.featuredAt).not.toBeNull();
    // The wording stays the writer's.
    expect(stored.text).toBe(review.text);
    expect((await unfeature(id, staff)).statusCode).toBe(403);
    expect((await unfeature(id)).json()).toMatchObject({ id, featuredAt: null, featuredBy: null });
    expect(await audits(id)).toEqual([
      { actor: "vika", action: "review.approved" },
      { actor: "staff", action: "review.featured" },
      { actor: "staff", action: "review.unfeatured" },
    ]);

    // A review no longer approved is no longer featured.
    expect((await feature(id)).statusCode).toBe(200);
    expect((await moderate(id, "rejected")).json()).toMatchObject({ status: "rejected", featuredAt: null });
  });

  it("refuses to feature, or to give a photo to, a review whose writer did not tick the box", async () => {
    const id = await write();
    await moderate(id, "approved");
    const res = await feature(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FEATURE_REFUSALS.noConsent);
    const photo = await as(owner, "PUT", `/api/admin/reviews/${id}/photo`, PHOTO);
    expect(photo.statusCode).toBe(409);
    expect(photo.json().message).toBe(FEATURE_REFUSALS.noConsent);
    expect(await row(id)).toMatchObject({ featuredAt: null, photoMediaId: null });
    expect((await audits(id)).map((a) => a.action)).toEqual(["review.approved"]);
    expect((await feature(999_999)).statusCode).toBe(404);
  });

  it("stores a consented review's photo for owners only, and checks what it is given", async () => {
    const id = await write({ featureConsent: true });
    const url = `/api/admin/reviews/${id}/photo`;
    expect((await as(staff, "PUT", url, PHOTO)).statusCode).toBe(403);
    const noAlt = await as(owner, "PUT", url, { mediaId: PHOTO.mediaId, alt: " " });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toContain("alt text is required");
    expect((await as(owner, "PUT", url, { alt: PHOTO.alt })).statusCode).toBe(400);
    const set = await as(owner, "PUT", url, PHOTO);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ photoMediaId: PHOTO.mediaId, photoAlt: PHOTO.alt });
    expect((await as(owner, "DELETE", url)).json()).toMatchObject({ photoMediaId: null, photoAlt: null });
    expect((await audits(id)).map((a) => a.action)).toEqual(["review.photo", "review.photo-removed"]);
  });

  it("e-mails the verified writer the withdraw link on approval; its page changes nothing, its button withdraws", async () => {
    const email = "mere.withdraw@example.fj";
    const certificate = await insertCertificate(db(), { email, givenNames: "Mere Salote" });
    const id = await write({ featureConsent: true, traineeToken: certificate.reviewToken });
    expect((await row(id)).authorEmail).toBe(email);
    await moderate(id, "approved");
    // Approved again later: one e-mail, one link.
    await moderate(id, "rejected");
    await moderate(id, "approved");
    await t.app.outbox.drain();
    const mails = await parsedMailsTo(t.app.env.DATA_DIR, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe("Your review is on our website");
    expect(mail?.text).toContain("Bula Mere,");
    expect(mail?.text).toContain(review.text);
    const link = /https:\/\/\S+\/reviews\/withdraw\/[\w-]+/.exec(mail?.text ?? "")?.[0];
    if (!link) throw new Error(`no withdraw link in:\n${mail?.text}`);
    expect(link.startsWith(`${SITE_ORIGIN}/reviews/withdraw/`)).toBe(true);
    // The HTML part carries the same link.
    expect(mail?.html || "").toContain(link);
    const path = new URL(link).pathname;
    const token = path.split("/").pop() ?? "";
    // Only its hash is kept.
    expect(JSON.stringify(await row(id))).not.toContain(token);

    await as(owner, "PUT", `/api/admin/reviews/${id}/photo`, PHOTO);
    expect((await feature(id)).statusCode).toBe(200);

    // Opening the link (a mail scanner, a preview, the writer) shows a button and changes nothing.
    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(textOf(page.body)).toContain("Withdraw my permission");
    expect(await row(id)).toMatchObject({ featureWithdrawnAt: null, photoMediaId: PHOTO.mediaId });
    expect((await row(id)).featuredAt).not.toBeNull();

    // Another site cannot press the button for them.
    const forged = await t.app.inject({ method: "POST", url: path, headers: CROSS_SITE });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect((await row(id)).featureWithdrawnAt).toBeNull();

    // The button: a plain form post from the page, no sign-in.
    const done = await t.app.inject({
      method: "POST",
      url: path,
      headers: { origin: SITE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(done.statusCode).toBe(200);
    expect(textOf(done.body)).toContain("Permission withdrawn");
    const after = await row(id);
    expect(after.featureWithdrawnAt).not.toBeNull();
    expect(after).toMatchObject({ featuredAt: null, featuredBy: null, photoMediaId: null, photoAlt: null });
    // The review itself stays public, in the writer's words.
    expect(after).toMatchObject({ status: "approved", text: review.text });
    expect(textOf((await t.app.inject({ method: "GET", url: path })).body)).toContain("Permission withdrawn");

    // Withdrawn is final for this review: no featuring, no photo.
    expect((await feature(id)).json()).toMatchObject({ message: FEATURE_REFUSALS.withdrawn });
    const photo = await as(owner, "PUT", `/api/admin/reviews/${id}/photo`, PHOTO);
    expect(photo.statusCode).toBe(409);
    expect(photo.json().message).toBe(FEATURE_REFUSALS.withdrawn);
    const actions = await audits(id);
    expect(actions).toContainEqual({ actor: "review author", action: "review.consent-withdrawn" });
  });

  it("answers a forged or mistyped link with a 404 page that changes nothing", async () => {
    const id = await write({ featureConsent: true });
    await db()
      .update(reviews)
      .set({ status: "approved", withdrawTokenHash: "0".repeat(64) })
      .where(eq(reviews.id, id));
    for (const token of ["A".repeat(43), "short", "..%2F..%2Fadmin", "A".repeat(80)]) {
      const url = `/reviews/withdraw/${token}`;
      const get = await t.app.inject({ method: "GET", url });
      expect(get.statusCode, token).toBe(404);
      expect(textOf(get.body)).toContain("Link not recognised");
      const post = await t.app.inject({ method: "POST", url, headers: { origin: SITE_ORIGIN } });
      expect(post.statusCode, token).toBe(404);
    }
    expect((await row(id)).featureWithdrawnAt).toBeNull();
  });

  it("sends no e-mail to a writer whose address is not known", async () => {
    const id = await write({ featureConsent: true, name: "Anon Writer" });
    const [{ count: before } = { count: 0 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`email_outbox`);
    await moderate(id, "approved");
    const [{ count: after } = { count: 0 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`email_outbox`);
    expect(after).toBe(before);
    expect((await row(id)).withdrawTokenHash).toBeNull();
    // It may still be featured: the writer can ask the owner to stop (ADR 061).
    expect((await feature(id)).statusCode).toBe(200);
    expect((await as(owner, "GET", `/api/admin/reviews?status=approved`)).json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, withdrawLinkSent: false })]),
    );
  });

  it("featuredTestimonials: approved, consented, not withdrawn and featured, oldest featuring first", async () => {
    await db().delete(reviews);
    const first = await write({ featureConsent: true, name: "Jone Waqa", position: "", rating: 4 });
    const second = await write({ featureConsent: true, name: "Ana Vula", organization: "", position: "" });
    const withPhoto = await write({ featureConsent: true, name: "Litia Qio" });
    const notFeatured = await write({ featureConsent: true, name: "Not Featured" });
    const noConsent = await write({ name: "No Consent" });
    for (const id of [first, second, withPhoto, notFeatured, noConsent]) await moderate(id, "approved");
    await as(owner, "PUT", `/api/admin/reviews/${withPhoto}/photo`, PHOTO);
    for (const id of [withPhoto, first, second]) expect((await feature(id)).statusCode).toBe(200);
    // Featured by hand in the past, then withdrawn: never shown (the table refuses both at once).
    await expect(
      db()
        .update(reviews)
        .set({ featuredAt: sql`now()`, featureConsentAt: null })
        .where(eq(reviews.id, noConsent)),
    ).rejects.toThrow();

    expect(await featuredTestimonials(db())).toEqual([
      {
        reviewId: withPhoto,
        quote: review.text,
        name: "Litia Qio",
        position: "Survey Lead",
        rating: 5,
        verifiedCourse: null,
        photo: PHOTO,
      },
      {
        reviewId: first,
        quote: review.text,
        name: "Jone Waqa",
        position: "Fiji Roads Authority",
        rating: 4,
        verifiedCourse: null,
        photo: null,
      },
      {
        reviewId: second,
        quote: review.text,
        name: "Ana Vula",
        position: "Customer",
        rating: 5,
        verifiedCourse: null,
        photo: null,
      },
    ]);
    await db()
      .update(reviews)
      .set({ status: "pending" })
      .where(and(eq(reviews.id, first)));
    expect((await featuredTestimonials(db())).map((f) => f.reviewId)).toEqual([withPhoto, second]);
  });
});

describe.skipIf(!siteIsBuilt)("the review form posted without script", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const FORM = { origin: SITE_ORIGIN, "content-type": "application/x-www-form-urlencoded" };
  const fields = {
    form: "review",
    idempotencyKey: "",
    name: "Sera Naivalu",
    organization: "",
    position: "Pilot",
    rating: "4",
    review: "Great course, thank you.",
    website: "",
  };
  const post = (body: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/", headers: FORM, payload: new URLSearchParams(body).toString() });
  const stored = (name: string) =>
    t.database.db
      .select({ rating: reviews.rating, text: reviews.text, featureConsentAt: reviews.featureConsentAt })
      .from(reviews)
      .where(eq(reviews.name, name));

  it("stores the ticked box with its time, and answers with a page", async () => {
    const res = await post({ ...fields, featureConsent: "on" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/form-sent");
    const page = await t.app.inject({ method: "GET", url: "/form-sent", headers: { cookie: cookieOf(res) } });
    expect(textOf(page.body)).toContain("Thank you for your review!");
    const [row] = await stored("Sera Naivalu");
    expect(row).toMatchObject({ rating: 4, text: "Great course, thank you." });
    expect(row?.featureConsentAt).toBeInstanceOf(Date);

    expect((await post({ ...fields, name: "Unticked Writer" })).statusCode).toBe(303);
    expect(await stored("Unticked Writer")).toMatchObject([{ featureConsentAt: null }]);
  });

  it("gives the page back with the spec's words and what was typed when the rating is missing", async () => {
    const res = await post({ ...fields, name: "No Rating", rating: "", featureConsent: "on" });
    expect(res.statusCode).toBe(400);
    const text = textOf(res.body);
    expect(text).toContain("Required fields missing");
    expect(text).toContain("Please fill in your name, review, and rating.");
    expect(res.body).toMatch(/<input[^>]*name="featureConsent"[^>]*checked=""/);
    expect(res.body).toContain("Great course, thank you.");
    expect(await stored("No Rating")).toEqual([]);
    // A refused rating keeps the one chosen.
    const five = await post({ ...fields, name: "", rating: "5" });
    expect(five.statusCode).toBe(400);
    expect(five.body).toMatch(/<input[^>]*name="rating"[^>]*value="5"[^>]*checked=""/);
  });
});
