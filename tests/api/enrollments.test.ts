import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, enrollments } from "../../server/db/schema";
import { sameSite, withTestApp } from "../helpers/test-app";

const person = {
  firstName: "Jone",
  lastName: "Ratu",
  email: "jone.ratu@example.fj",
  phone: "+679 990 5555",
  highestEducation: "certificate",
  formStartedAt: Date.now() - 120_000,
};
const advanced = { ...person, dronesFlown: "DJI Mavic 3", totalFlyingHours: 120.5, totalPICHours: "80" };
const payloads = {
  basic: { ...person, hasDroneExperience: true, droneExperienceDetails: "Hobby flying" },
  advanced,
  instructor: { ...advanced, teachingExperience: "Five years as a flight instructor" },
} as const;

describe("POST /api/enrollment/:course", () => {
  const t = withTestApp({
    env: { STAFF_EMAIL: "training@pacificskyrpas.example", RATE_LIMIT_PUBLIC_PER_MINUTE: "0" },
  });
  const post = (course: string, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/enrollment/${course}`,
      payload: payload as object,
      headers: sameSite,
    });

  it.each(Object.entries(payloads))(
    "stores a %s enrollment as pending and e-mails staff and applicant",
    async (course, payload) => {
      const res = await post(course, payload);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/within 24 hours/);
      const [row] = await t.database.db.select().from(enrollments).orderBy(desc(enrollments.id)).limit(1);
      expect(row).toMatchObject({
        courseType: course,
        isProcessed: false,
        googleSheetsSync: false,
        isSpam: false,
      });
      expect(row?.submittedAt).toBeInstanceOf(Date);
      if (course !== "basic") expect(row).toMatchObject({ totalFlyingHours: 120.5, totalPICHours: 80 });
      const mail = await t.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(2);
      expect(mail.map((m) => m.to).sort()).toEqual([
        "jone.ratu@example.fj",
        "training@pacificskyrpas.example",
      ]);
      const confirmation = mail.find((m) => m.to === "jone.ratu@example.fj");
      expect(confirmation?.text).toMatch(/FJD (300|1,500|2,500)/);
    },
  );

  it.each([
    ["basic", ["firstName", "lastName", "email", "phone", "highestEducation"]],
    [
      "advanced",
      [
        "firstName",
        "lastName",
        "email",
        "phone",
        "highestEducation",
        "dronesFlown",
        "totalFlyingHours",
        "totalPICHours",
      ],
    ],
    ["instructor", ["dronesFlown", "totalFlyingHours", "totalPICHours"]],
  ] as const)("rejects a %s enrollment missing a required field", async (course, fields) => {
    for (const field of fields) {
      const res = await post(course, { ...payloads[course], [field]: undefined });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toContain(field);
    }
  });

  it.each([
    ["totalFlyingHours", -1],
    ["totalPICHours", "ten"],
    ["totalFlyingHours", "1e9"],
    ["highestEducation", "phd"],
    ["email", "jone@"],
    ["dateOfBirth", "31/12/1990"],
    ["additionalInfo", "x".repeat(2001)],
  ])("rejects %s = %s", async (field, value) => {
    const res = await post("advanced", { ...advanced, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it("answers 404 for an unknown course", async () => {
    expect((await post("expert", advanced)).statusCode).toBe(404);
  });
});
