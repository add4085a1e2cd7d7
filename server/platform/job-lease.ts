// One holder at a time for a named job, across instances, without a transaction or connection held while the job
// calls out (see job_leases in the schema). A lease lasts `ms` and ends early when its holder releases it.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobLeases } from "../db/schema";

/** Takes the lease if nobody holds it (or the last holder's ran out); answers whether this holder has it now. */
export async function tryLease(db: Db, name: string, holder: string, ms: number): Promise<boolean> {
  const expiresAt = sql`now() + ${ms} * interval '1 millisecond'`;
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} <= now()`,
    })
    .returning({ holder: jobLeases.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `job` holding the lease, waiting (polling every `pollMs`) while another holder has it, as an advisory lock
 * would make it wait. The lease must outlast the job: give `ms` more than the job's own time limits add up to.
 */
export async function withLease<T>(
  db: Db,
  name: string,
  options: { ms: number; pollMs?: number },
  job: () => Promise<T>,
): Promise<T> {
  const holder = randomBytes(12).toString("hex");
  while (!(await tryLease(db, name, holder, options.ms))) await sleep(options.pollMs ?? 100);
  try {
    return await job();
  } finally {
    await releaseLease(db, name, holder);
  }
}
