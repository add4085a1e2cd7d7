// Verified-trainee reviews (issue 15, point 5): the certificate e-mail's review token, or a /my-training session of
// an e-mail holding a valid certificate, marks a review as a verified trainee's; anything else stores it unverified
// with the very same answer.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { reviews } from "../../server/db/schema";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { insertCertificate, reissueCertificate, revokeCertificate } from "../helpers/certificate-rows";
import { signInSubscriber } from "../helpers/subscriber";
import { postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const review = { name: "Mere Tuilau", organization: "", position: "Pilot", rating: 5, text: "Great course." };
const THANKS = { message: "Thank you for your review! It will appear for other visitors once approved." };

let serial = 0;
const nextEmail = () => {
  serial += 1;
  return `trainee${serial}@example.fj`;
};

describe("verified-trainee reviews", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const db = () => t.database.db;

  beforeEach(async () => {
    await db().delete(reviews);
  });

  /** Posts a review; answers the stored row (after checking the answer is the usual 201). */
  async function write(extra: object = {}, cookie?: string) {
    const res = await postFromSite(t.app, "/api/reviews", { ...review, ...extra }, cookie ? { cookie } : {});
    expect(res.statusCode).toBe(201);
    const { id, ...body } = res.json();
    expect(body).toEqual(THANKS);
    const [row] = await db().select().from(reviews).where(eq(reviews.id, id));
    if (!row) throw new Error("review not stored");
    return row;
  }

  const publicList = async () =>
    (await t.app.inject({ method: "GET", url: "/api/reviews" })).json() as {
      id: number;
      verifiedCourse: string | null;
    }[];

  const approve = (id: number) => db().update(reviews).set({ status: "approved" }).where(eq(reviews.id, id));

  it("marks a review verified by a valid certificate's token and shows its course once approved", async () => {
    const certificate = await insertCertificate(db(), { email: nextEmail(), courseType: "advanced" });
    const row = await write({ traineeToken: certificate.reviewToken });
    expect(row.verifiedCertificateId).toBe(certificate.id);
    expect(row.status).toBe("pending");
    expect(await publicList()).toEqual([]);

    await approve(row.id);
    expect(await publicList()).toMatchObject([{ id: row.id, verifiedCourse: "Advanced RPAS Pilot" }]);
    // Revoked later, the certificate no longer vouches for the review: it stays, without the badge.
    await revokeCertificate(db(), certificate.id);
    expect(await publicList()).toMatchObject([{ id: row.id, verifiedCourse: null }]);
  });

  it("stores a review with an unknown token unverified, answering exactly as for any review", async () => {
    const row = await write({ traineeToken: "no-such-token-anywhere" });
    expect(row.verifiedCertificateId).toBeNull();
    await approve(row.id);
    expect(await publicList()).toMatchObject([{ id: row.id, verifiedCourse: null }]);
  });

  it("does not verify by a revoked certificate's token", async () => {
    const certificate = await insertCertificate(db(), { email: nextEmail() });
    await revokeCertificate(db(), certificate.id);
    expect((await write({ traineeToken: certificate.reviewToken })).verifiedCertificateId).toBeNull();
  });

  it("verifies by an earlier version's token while the reissued version is valid, never once it is revoked", async () => {
    const certificate = await insertCertificate(db(), { email: nextEmail() });
    const reissued = await reissueCertificate(db(), certificate.id);
    expect((await write({ traineeToken: certificate.reviewToken })).verifiedCertificateId).toBe(reissued);
    await revokeCertificate(db(), reissued);
    expect((await write({ traineeToken: certificate.reviewToken })).verifiedCertificateId).toBeNull();
  });

  it("verifies a writer signed in at /my-training by their newest valid certificate", async () => {
    const email = nextEmail();
    await insertCertificate(db(), { email, courseType: "basic" });
    const newest = await insertCertificate(db(), { email, courseType: "instructor" });
    const cookie = await signInSubscriber(t.app, email);
    const row = await write({}, cookie);
    expect(row.verifiedCertificateId).toBe(newest.id);
    await approve(row.id);
    expect(await publicList()).toMatchObject([{ verifiedCourse: "Instructor Training" }]);
  });

  it("does not verify a signed-in writer whose only certificate is revoked, nor one who holds none", async () => {
    const revokedHolder = nextEmail();
    const certificate = await insertCertificate(db(), { email: revokedHolder });
    await revokeCertificate(db(), certificate.id);
    const revokedRow = await write({}, await signInSubscriber(t.app, revokedHolder));
    expect(revokedRow.verifiedCertificateId).toBeNull();
    const noneRow = await write({}, await signInSubscriber(t.app, nextEmail()));
    expect(noneRow.verifiedCertificateId).toBeNull();
  });

  it.each([
    ["a number", 12345],
    ["an empty string", ""],
    ["65 characters", "x".repeat(65)],
    ["an object", { token: "x" }],
  ])("rejects a traineeToken that is %s with a 400", async (_what, traineeToken) => {
    const res = await postFromSite(t.app, "/api/reviews", { ...review, traineeToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("traineeToken");
    expect(await db().select().from(reviews)).toEqual([]);
  });

  it("shows staff which reviews are verified in the moderation list and after a decision", async () => {
    const certificate = await insertCertificate(db(), { email: nextEmail() });
    const verified = await write({ traineeToken: certificate.reviewToken });
    await write();
    const cookie = await createStaffAndSignIn(t.app, db());
    const list = await t.app.inject({ method: "GET", url: "/api/admin/reviews", headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const courses = (list.json().items as { id: number; verifiedCourse: string | null }[]).map((r) => [
      r.id === verified.id,
      r.verifiedCourse,
    ]);
    expect(courses).toEqual(
      expect.arrayContaining([
        [true, "Basic RPAS Pilot"],
        [false, null],
      ]),
    );
    const decided = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/reviews/${verified.id}`,
      payload: { status: "approved" },
      headers: { ...sameSite, cookie },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: "approved", verifiedCourse: "Basic RPAS Pilot" });
  });
});
