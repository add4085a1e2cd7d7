// The certificate API tests' world: a signed-in staff member, intakes that already ran (so every day can be
// marked), trainees with confirmed places, and the calls of the class sheet and the certificate screens.
import { desc, eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { auditLog, certificates, emailOutbox } from "../../server/db/schema";
import type { SeatState } from "../../server/db/schema/training";
import { createStaffAndSignIn, insertEnrollment, insertIntake } from "./admin-session";
import { sameSite, type TestAppOptions, withTestApp } from "./test-app";
import { insertPlace } from "./training-rows";

let serial = 0;

/** A staff member's calls; `put`, `post` and `patch` come from the site's own pages (CSRF). */
function calls(t: ReturnType<typeof withTestApp>, cookie: () => string) {
  const send = (method: "GET" | "PUT" | "POST" | "PATCH", url: string, payload?: unknown, who = cookie()) =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? { cookie: who } : {}), ...sameSite },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string, who?: string) => send("GET", url, undefined, who),
    put: (url: string, payload: unknown) => send("PUT", url, payload),
    post: (url: string, payload: unknown) => send("POST", url, payload),
    patch: (url: string, payload: unknown, who: string) => send("PATCH", url, payload, who),
  };
}

/** `more` is read when the app starts, after earlier beforeAll hooks (a fake store's S3_URL, another store). */
export function withCertificateClass(more: () => TestAppOptions = () => ({})) {
  const t = withTestApp(() => {
    const options = more();
    return { ...options, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", ...options.env } };
  });
  let cookie = "";
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  const staff = calls(t, () => cookie);

  /** An intake that ran from 10 to 6 days ago (five days); answers its id. */
  const pastIntake = (location = "Suva") => insertIntake(t.database.db, -10, location, 8);

  /** A trainee with a place (confirmed unless told) in `intakeId` or a new past intake. */
  async function trainee(
    options: {
      intakeId?: number;
      firstName?: string;
      lastName?: string;
      email?: string;
      state?: SeatState;
    } = {},
  ) {
    serial += 1;
    const db = t.database.db;
    const intakeId = options.intakeId ?? (await pastIntake());
    const email = options.email ?? `trainee${serial}-${Date.now()}@example.fj`;
    const enrollmentId = await insertEnrollment(db, {
      email,
      firstName: options.firstName ?? `Mere${serial}`,
      lastName: options.lastName ?? "Tuilau",
    });
    const seatId = await insertPlace(db, {
      intakeId,
      enrollmentId,
      email,
      state: options.state ?? "confirmed",
    });
    return { intakeId, enrollmentId, seatId, email };
  }

  /** The class sheet's days of an intake. */
  async function daysOf(intakeId: number): Promise<string[]> {
    const res = await staff.get(`/api/admin/intakes/${intakeId}/class`);
    expect(res.statusCode).toBe(200);
    return res.json().days;
  }

  async function mark(seatId: number, day: string, present = true) {
    return staff.put(`/api/admin/places/${seatId}/attendance`, { day, present });
  }

  async function attendAll(seatId: number, intakeId: number) {
    for (const day of await daysOf(intakeId)) expect((await mark(seatId, day)).statusCode).toBe(200);
  }

  const setResult = (seatId: number, body: object) => staff.put(`/api/admin/places/${seatId}/result`, body);

  /** A trainee who attended every day and passed: answers the place and the issued certificate. */
  async function passed(options: Parameters<typeof trainee>[0] = {}, holder?: object) {
    const place = await trainee(options);
    await attendAll(place.seatId, place.intakeId);
    const res = await setResult(place.seatId, { result: "passed", ...(holder ? { holder } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return { ...place, certificate: res.json().certificate };
  }

  const db = () => t.database.db;
  return {
    t,
    staff,
    pastIntake,
    trainee,
    mark,
    attendAll,
    setResult,
    passed,
    /** The stored row of a certificate. */
    row: async (id: number) => (await db().select().from(certificates).where(eq(certificates.id, id)))[0],
    /** The newest queued e-mail to `to`. */
    mailTo: async (to: string) =>
      (
        await db()
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, to))
          .orderBy(desc(emailOutbox.id))
          .limit(1)
      )[0],
    /** The newest audit entry of `action`. */
    audited: async (action: string) =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, action))
          .orderBy(desc(auditLog.id))
          .limit(1)
      )[0],
  };
}
