// The first name an e-mail greets ("Bula Mere,"), for e-mails whose sender knows only an address: the portal
// subscriber's name (from their sign-in provider), else the first word of the name they gave when paying for the
// portal, else the one on their latest application. Training e-mails read the application's own first name instead.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { enrollments, subscriptions, users } from "../db/schema";

/** The first word of a full name ("Litia Koroi" is greeted "Litia"), or null for none. */
export function firstNameOf(fullName: string | null | undefined): string | null {
  return fullName?.trim().split(/\s+/)[0]?.slice(0, 100) || null;
}

/** The first name of the name given when paying for the portal (server/payments/subscription-rows.ts), or null. */
export async function paidAsFirstName(db: Pick<Db, "select">, email: string): Promise<string | null> {
  const [row] = await db
    .select({ name: subscriptions.name })
    .from(subscriptions)
    .where(eq(subscriptions.email, email.trim().toLowerCase()))
    .limit(1);
  return firstNameOf(row?.name);
}

/** The first name known for `email`, or null (the e-mail then says "Bula,"). */
export async function firstNameFor(db: Pick<Db, "select">, email: string): Promise<string | null> {
  const address = email.trim().toLowerCase();
  const [user] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.email, address))
    .limit(1);
  if (user?.firstName) return user.firstName;
  const paidAs = await paidAsFirstName(db, address);
  if (paidAs) return paidAs;
  const [application] = await db
    .select({ firstName: enrollments.firstName })
    .from(enrollments)
    .where(eq(sql`lower(${enrollments.email})`, address))
    .orderBy(desc(enrollments.id))
    .limit(1);
  return application?.firstName ?? null;
}
