// Staff sign-in for API tests: create the account, log in through the real endpoint, and carry the cookie.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client";
import { enrollments, intakes } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { addDays } from "../../server/training/calendar";
import { fijiToday } from "../../shared/fiji-time";

export const STAFF = { username: "staff", password: "correct-horse-battery-staple" };

export async function signIn(
  app: FastifyInstance,
  credentials = STAFF,
  remoteAddress = "127.0.0.1",
): Promise<{ status: number; cookie: string }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: credentials,
    // The site's own origin, whichever PUBLIC_URL the test app runs on.
    headers: { origin: app.env.PUBLIC_URL },
    remoteAddress,
  });
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { status: res.statusCode, cookie };
}

export async function createStaffAndSignIn(app: FastifyInstance, db: Db): Promise<string> {
  await createAdmin(db, STAFF.username, STAFF.password);
  const { status, cookie } = await signIn(app);
  if (status !== 200) throw new Error(`sign-in failed with ${status}`);
  return cookie;
}

let serial = 0;

/** An enrollment row as the public form would store it; `overrides` set anything else. */
export async function insertEnrollment(db: Db, overrides: Partial<typeof enrollments.$inferInsert> = {}) {
  serial += 1;
  const [row] = await db
    .insert(enrollments)
    .values({
      courseType: "basic",
      firstName: `Applicant${serial}`,
      lastName: "Tester",
      email: `applicant${serial}@example.fj`,
      phone: "+679 990 1234",
      highestEducation: "bachelor",
      hasDroneExperience: false,
      ...overrides,
    })
    .returning({ id: enrollments.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

/** A five-day basic course starting `startsInDays` from today (Fiji time), as staff would set it up; answers its id. */
export async function insertIntake(
  db: Db,
  startsInDays: number,
  location: string,
  seats: number,
): Promise<number> {
  const [row] = await db
    .insert(intakes)
    .values({
      courseType: "basic",
      startDate: addDays(fijiToday(), startsInDays),
      endDate: addDays(fijiToday(), startsInDays + 4),
      location,
      seats,
      feeCents: 30000,
    })
    .returning({ id: intakes.id });
  if (!row) throw new Error("no intake");
  return row.id;
}
