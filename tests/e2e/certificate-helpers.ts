// What the certificate browser tests share: an intake that has begun with one confirmed trainee, made through the
// staff API. Staff cannot create an intake in the past ("Start date cannot be in the past"), and attendance can
// only be marked for days not in the future, so the intake is one day long and runs today (Fiji's calendar): today
// is both a day it has started and a day that can be marked present.
import type { APIRequestContext, TestInfo } from "@playwright/test";
import type { Certificate, Trainee } from "../../shared/certificates";
import { fijiToday } from "../../shared/fiji-time";
import type { StaffPlace } from "../../shared/training";
import { expect } from "./fixtures";
import { createEnrollment, createIntake, uniqueTag } from "./staff-helpers";

export interface StartedIntake {
  tag: string;
  location: string;
  intakeId: number;
  /** The confirmed trainee's place (the seat the class sheet's routes name). */
  seatId: number;
  email: string;
  today: string;
}

/**
 * A basic course intake in a place named by the test's tag, today only, with one trainee (enrolled as `name`,
 * e-mailed at the tag's address) whose place staff confirmed without payment. `request` ends signed in as staff.
 */
export async function startedIntakeWithTrainee(
  request: APIRequestContext,
  origin: string,
  testInfo: TestInfo,
  name: { firstName: string; lastName: string },
): Promise<StartedIntake> {
  const tag = uniqueTag(testInfo);
  const location = `Lautoka ${tag}`;
  const today = fijiToday();
  const intakeId = await createIntake(request, origin, {
    courseType: "basic",
    location,
    startDate: today,
    endDate: today,
  });
  const email = `${tag}@example.com`;
  await createEnrollment(request, origin, "basic", { ...name, email, intakeId });
  const places = await request.get(`/api/admin/intakes/${intakeId}/places`);
  expect(places.status(), await places.text()).toBe(200);
  const [place] = (await places.json()) as StaffPlace[];
  if (!place) throw new Error(`no place in intake ${intakeId}`);
  const confirmed = await request.post(`/api/admin/places/${place.id}/confirm`, {
    headers: { Origin: origin },
    data: { reason: "Sponsored by the employer (browser test)" },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { tag, location, intakeId, seatId: place.id, email, today };
}

/** Staff mark the trainee present today and passed, through the API: answers the certificate the pass issued. */
export async function passTrainee(
  request: APIRequestContext,
  origin: string,
  { seatId, today }: Pick<StartedIntake, "seatId" | "today">,
): Promise<Certificate> {
  const headers = { Origin: origin };
  const marked = await request.put(`/api/admin/places/${seatId}/attendance`, {
    headers,
    data: { day: today, present: true },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  const passed = await request.put(`/api/admin/places/${seatId}/result`, {
    headers,
    data: { result: "passed" },
  });
  expect(passed.status(), await passed.text()).toBe(200);
  const certificate = ((await passed.json()) as Trainee).certificate;
  if (!certificate) throw new Error("the pass issued no certificate");
  return certificate as Certificate;
}
