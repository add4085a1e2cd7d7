// The first name an e-mail greets ("Bula Mere,"), for e-mails whose sender knows only an address: the portal
// subscriber's name (from their sign-in provider), else the one on their latest application. Training e-mails
// read the application's own first name instead.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { enrollments, users } from "../db/schema";

/** The first name known for `email`, or null (the e-mail then says "Bula,"). */
export async function firstNameFor(db: Pick<Db, "select">, email: string): Promise<string | null> {
  const address = email.trim().toLowerCase();
  const [user] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.email, address))
    .limit(1);
  if (user?.firstName) return user.firstName;
  const [application] = await db
    .select({ firstName: enrollments.firstName })
    .from(enrollments)
    .where(eq(sql`lower(${enrollments.email})`, address))
    .orderBy(desc(enrollments.id))
    .limit(1);
  return application?.firstName ?? null;
}
