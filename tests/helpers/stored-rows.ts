// What the public forms stored, found the way the tests tell their submissions apart: by the first name they sent.
import { eq } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { contactMessages, enrollments } from "../../server/db/schema";

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
