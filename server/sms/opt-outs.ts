// Stopping and starting texts to a number (issue 34): by the stop link every text ends with (via "link") or a STOP
// reply where the sender receives them (via "keyword"). The opt-out is per number, whichever application typed it, so
// a parent who booked two children stops both with one tap. Each application that wanted texts gets a consent row
// saying the person withdrew it, and how; the application's own choice (texts_wanted) is left as it is, so starting
// again (which deletes the opt-out only) brings back texts to exactly the applications that asked for them, and
// never gives one application the consent of another.
import { and, eq } from "drizzle-orm";
import { TEXT_CONSENT_VERSION } from "../../shared/texts";
import type { Db } from "../db/client";
import { enrollments, textConsents, textLinks, textOptOuts } from "../db/schema";

/** Ends texts to `to` (E.164). Answers whether it was not stopped already. */
export async function stopNumber(
  db: Pick<Db, "transaction">,
  to: string,
  how: { via: "link" | "keyword"; ip?: string | null },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(textOptOuts)
      .values({ toE164: to, via: how.via, at: now })
      .onConflictDoNothing()
      .returning({ to: textOptOuts.toE164 });
    if (added.length === 0) return false;
    const wanting = await tx
      .select({ id: enrollments.id, channel: enrollments.textChannel })
      .from(enrollments)
      .where(and(eq(enrollments.phoneE164, to), eq(enrollments.textsWanted, true)));
    if (wanting.length > 0) {
      await tx.insert(textConsents).values(
        wanting.map((row) => ({
          enrollmentId: row.id,
          given: false,
          channel: row.channel,
          version: TEXT_CONSENT_VERSION,
          ip: how.ip ?? null,
          via: how.via === "link" ? ("opt-out" as const) : ("keyword" as const),
          at: now,
        })),
      );
    }
    return true;
  });
}

/** Lets texts go to `to` again: only the number's stop is lifted; each application's consent is as it was. */
export async function startNumber(db: Pick<Db, "delete">, to: string): Promise<boolean> {
  const removed = await db
    .delete(textOptOuts)
    .where(eq(textOptOuts.toE164, to))
    .returning({ to: textOptOuts.toE164 });
  return removed.length > 0;
}

export type StopLinkLookup = { found: "live"; to: string } | { found: "expired" } | { found: "unknown" };

/** The number a stop link's code is for, while the link lives. */
export async function stopLinkNumber(
  db: Pick<Db, "select">,
  code: string,
  now = new Date(),
): Promise<StopLinkLookup> {
  const [row] = await db
    .select({ to: textLinks.toE164, expiresAt: textLinks.expiresAt })
    .from(textLinks)
    .where(and(eq(textLinks.code, code), eq(textLinks.kind, "stop")))
    .limit(1);
  if (!row?.to) return { found: "unknown" };
  if (row.expiresAt <= now) return { found: "expired" };
  return { found: "live", to: row.to };
}

/** A short link's target while it lives. */
export async function linkTarget(
  db: Pick<Db, "select">,
  code: string,
  now = new Date(),
): Promise<{ found: "live"; target: string } | { found: "expired" } | { found: "unknown" }> {
  const [row] = await db
    .select({ target: textLinks.target, expiresAt: textLinks.expiresAt })
    .from(textLinks)
    .where(eq(textLinks.code, code))
    .limit(1);
  if (!row) return { found: "unknown" };
  if (row.expiresAt <= now) return { found: "expired" };
  return { found: "live", target: row.target };
}
