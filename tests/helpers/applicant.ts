// An applicant in the API tests: applies for an intake through the real form endpoint and reads the confirm link
// from the application e-mail, as they would from their inbox; and the calls the signed-in pages make.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { seats } from "../../server/db/schema";
import { sampleEnrollment } from "./enrollment-samples";
import { latestMailTo } from "./outbox-mail";
import { postFromSite, type TestApp } from "./test-app";

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
