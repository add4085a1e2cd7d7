// An applicant in the API tests: applies for an intake through the real form endpoint and reads the confirm link
// from the application e-mail, as they would from their inbox; and the calls the signed-in pages make.
import { eq } from "drizzle-orm";
import { beforeEach, expect } from "vitest";
import { emailOutbox, seats } from "../../server/db/schema";
import { insertIntake } from "./admin-session";
import { sampleEnrollment } from "./enrollment-samples";
import { latestMailTo } from "./outbox-mail";
import { postFromSite, type TestApp, withTestApp } from "./test-app";

let serial = 0;

/** Applies for `intakeId`; answers the e-mail, the enrollment id, the confirm link's token and the e-mail's text. */
export async function applyFor(t: TestApp, name: string, intakeId: number) {
  serial += 1;
  const email = `${name}${serial}@example.fj`;
  const res = await postFromSite(t.app, "/api/enrollment/basic", {
    ...sampleEnrollment("basic"),
    email,
    formElapsedMs: 60_000,
    intakeId,
  });
  expect(res.statusCode).toBe(201);
  await t.app.outbox.drain();
  const mail = latestMailTo(t.app.env.DATA_DIR, email) ?? "";
  const token = /\/my-training\/confirm\?token=([\w.-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no confirm link in:\n${mail}`);
  return { email, enrollmentId: res.json().id as number, token, mail };
}

/** The calls of the applicant's pages, with or without a session cookie. */
export function applicantCalls(t: TestApp) {
  return {
    seatOf: async (email: string) =>
      (await t.database.db.select().from(seats).where(eq(seats.email, email)))[0],
    get: (url: string, cookie?: string) =>
      t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} }),
    post: (url: string, payload?: object, cookie?: string) =>
      postFromSite(t.app, url, payload ?? {}, cookie ? { cookie } : {}),
  };
}

/**
 * The applicant's pages under test: an app (no public rate limit), and before each test an empty outbox and a fresh
 * one-seat intake in Nadi, which `apply` applies for unless told another.
 */
export function withApplicants() {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let intakeId = 0;
  beforeEach(async () => {
    await t.database.db.delete(emailOutbox);
    intakeId = await insertIntake(t.database.db, 30, "Nadi", 1);
  });
  return {
    t,
    apply: (name: string, intake?: number) => applyFor(t, name, intake ?? intakeId),
    ...applicantCalls(t),
  };
}
