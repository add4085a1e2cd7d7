// What the public forms stored, found the way the tests tell their submissions apart: by the first name they sent.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../server/db/client";
import { contactMessages, documentCategories, enrollments } from "../../server/db/schema";
import { postFromSite, type TestApp } from "./test-app";

/** The contact message stored under `firstName`, or undefined. */
export async function contactNamed(db: Db, firstName: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.firstName, firstName));
  return row;
}

/** The enrollment stored under `firstName`, or undefined. */
export async function enrollmentNamed(db: Db, firstName: string) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.firstName, firstName));
  return row;
}

/** The id of the library category named `name` (the 12 are seeded by migration 0017). */
export async function categoryIdNamed(db: Db, name: string): Promise<number> {
  const [row] = await db.select().from(documentCategories).where(eq(documentCategories.name, name));
  if (!row) throw new Error(`no library category named ${name}`);
  return row.id;
}

/**
 * Sends `message` from a browser whose clock runs `clockAheadMs` ahead of the server's, after `elapsedMs` on the
 * form as the page measured it; expects it taken (201) and answers the row stored.
 */
export async function contactFromSkewedClock(
  t: TestApp,
  message: { firstName: string },
  clockAheadMs: number,
  elapsedMs: number,
) {
  const res = await postFromSite(t.app, "/api/contacts", {
    ...message,
    formStartedAt: Date.now() + clockAheadMs,
    formElapsedMs: elapsedMs,
  });
  expect(res.statusCode).toBe(201);
  return contactNamed(t.database.db, message.firstName);
}
