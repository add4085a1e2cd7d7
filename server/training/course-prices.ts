// A change of the course prices (ADR 045): the price is a setting (saved and audited as every setting is), and each
// intake keeps the fee it was created with unless the owner asks that the open intakes yet to start with no payment
// take the new price; then those fees change in the same transaction, each audited as an intake change. "No payment"
// means none pending, paid or refunded (a failed one moved no money): an intake where anyone started to pay keeps
// the fee they were asked.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import {
  type CoursePriceChange,
  type CoursePriceChanged,
  feeUpdates,
  type OpenIntakeFee,
} from "../../shared/course-prices";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { intakes } from "../db/schema";
import { readSettings, updateSettings } from "../settings/settings";
import { audit } from "../staff/audit";

type StaffAction = { actor: string; ip: string };
type Reader = Pick<Db, "select">;

const OPEN_INTAKE_FEE = {
  id: intakes.id,
  courseType: intakes.courseType,
  startDate: intakes.startDate,
  endDate: intakes.endDate,
  location: intakes.location,
  feeCents: intakes.feeCents,
  depositCents: intakes.depositCents,
};

/** Whether the outer query's intake has a payment that moved or may move money. */
const hasPayment = sql<boolean>`exists (select 1 from course_payments cp
  where cp.intake_id = ${intakes.id} and cp.status <> 'failed')`;

const openAndUpcoming = (now: Date) =>
  and(eq(intakes.status, "open"), gte(intakes.startDate, fijiToday(now)));

/** The open intakes yet to start with no payment, soonest first: those whose fee a price change may update. */
export async function unpaidOpenIntakes(db: Reader, now = new Date()): Promise<OpenIntakeFee[]> {
  return db
    .select(OPEN_INTAKE_FEE)
    .from(intakes)
    .where(and(openAndUpcoming(now), sql`not ${hasPayment}`))
    .orderBy(asc(intakes.startDate), asc(intakes.id));
}

/**
 * Saves the new prices and, when asked, moves the unpaid open intakes' fees to them, in one transaction. The open
 * intakes are locked first (a payment starts under its intake's lock, intakes.ts), then read for payments again, so
 * a payment started meanwhile keeps its intake's fee.
 */
export async function changeCoursePrices(
  db: Db,
  change: CoursePriceChange,
  by: StaffAction,
  now = new Date(),
): Promise<CoursePriceChanged> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    let updated: CoursePriceChanged["updatedIntakes"] = [];
    if (change.openIntakes === "update") {
      const open = await tx
        .select({ id: intakes.id })
        .from(intakes)
        .where(openAndUpcoming(now))
        .orderBy(asc(intakes.id))
        .for("update");
      const candidates = open.length === 0 ? [] : await unpaidOpenIntakes(tx, now);
      const lockedIds = new Set(open.map((row) => row.id));
      const updates = feeUpdates(
        candidates.filter((intake) => lockedIds.has(intake.id)),
        before.coursePriceCents,
        change.coursePriceCents,
      );
      for (const { intake, toCents } of updates) {
        await tx.update(intakes).set({ feeCents: toCents, updatedAt: now }).where(eq(intakes.id, intake.id));
        await audit(tx, {
          ...by,
          action: "intake.changed",
          subject: `intake ${intake.id}`,
          details: { feeCents: { from: intake.feeCents, to: toCents }, because: "course price changed" },
        });
      }
      updated = updates.map(({ intake, toCents }) => ({
        ...intake,
        feeCents: toCents,
        fromCents: intake.feeCents,
      }));
    }
    // A transaction is a database too: the settings' own transaction becomes a savepoint inside this one.
    const saved = await updateSettings(tx, { coursePriceCents: change.coursePriceCents }, by);
    return { coursePriceCents: saved.coursePriceCents, updatedIntakes: updated };
  });
}
