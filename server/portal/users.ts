// Portal subscribers: found or created at sign-in.
import { and, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "../../shared/portal";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { subscriptionInfo } from "../payments/subscriptions";
import { paidAsFirstName } from "../platform/reader-names";

type Executor = Pick<Db, "select" | "insert" | "update">;

export interface SignInIdentity {
  email: string;
  firstName?: string | null;
  oidc?: { issuer: string; subject: string };
}

/**
 * The user for an identity: by OpenID subject first (e-mail addresses change), then by e-mail, else a new row.
 * The first name is filled in when we learn one and never blanked.
 */
export interface SignedInUser {
  userId: number;
  email: string;
  firstName: string | null;
}

const signedInColumns = { userId: users.id, email: users.email, firstName: users.firstName };

export async function upsertUser(db: Executor, identity: SignInIdentity): Promise<SignedInUser> {
  const email = identity.email.trim().toLowerCase();
  const firstName = identity.firstName?.trim().slice(0, 100) || null;
  if (identity.oidc) {
    const [bySubject] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.oidcIssuer, identity.oidc.issuer), eq(users.oidcSubject, identity.oidc.subject)))
      .limit(1);
    if (bySubject) {
      const [updated] = await db
        .update(users)
        .set({ lastSignInAt: sql`now()`, ...(firstName ? { firstName } : {}) })
        .where(eq(users.id, bySubject.id))
        .returning(signedInColumns);
      if (updated) return updated;
    }
  }
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName,
      oidcIssuer: identity.oidc?.issuer ?? null,
      oidcSubject: identity.oidc?.subject ?? null,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        lastSignInAt: sql`now()`,
        firstName: sql`coalesce(excluded.first_name, ${users.firstName})`,
        ...(identity.oidc ? { oidcIssuer: identity.oidc.issuer, oidcSubject: identity.oidc.subject } : {}),
      },
    })
    .returning(signedInColumns);
  if (!row) throw new Error("user upsert returned no row");
  return row;
}

export async function currentUser(db: Executor, user: SignedInUser): Promise<CurrentUser> {
  return {
    id: user.userId,
    email: user.email,
    // The sign-in provider's first name, else the first word of the name given when paying.
    firstName: user.firstName ?? (await paidAsFirstName(db, user.email)),
    subscription: await subscriptionInfo(db, user.email),
  };
}
