// How the intake lists count each intake's places and money, as subqueries the list joins to `intakes` (schedule.ts).
// Each table is read once and grouped by intake, instead of asking for every place's payments apart: with 200
// intakes and 5,000 applications the per-place subqueries took about 100 ms on PGlite (BENCHMARKS.md). The rules are
// those of fee-revenue.ts, which reads one place: paid is net of refunds made (stray payments for ended places count
// towards their intake: money held), and the offered and confirmed places owe the fee less what they paid, unless
// staff confirmed them without payment. Drizzle names a subquery's columns without their table in SQL fragments, so
// each alias here is unique in the whole list query.
import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { coursePayments, courseRefunds, intakes, seats } from "../db/schema";

type Reader = Pick<Db, "select">;

/** The states that count in an intake's fill (ended places are left out). */
const LIVE = ["held", "offered", "confirmed", "waitlisted"] as const;

const countOf = (state: (typeof LIVE)[number]) =>
  sql<number>`count(*) filter (where ${seats.state} = ${state})::int`.as(`fill_${state}`);

/** Each payment's net cents (what counted, less the refunds made of it), with its place and intake. */
function paymentNets(db: Reader, alias: string) {
  const refunded = db
    .select({
      paymentId: courseRefunds.paymentId,
      cents: sql<number>`sum(${courseRefunds.amountCents})`.as("refunded_cents"),
    })
    .from(courseRefunds)
    .where(eq(courseRefunds.status, "refunded"))
    .groupBy(courseRefunds.paymentId)
    .as(`${alias}_refunded`);
  return db
    .select({
      seatId: coursePayments.seatId,
      intakeId: coursePayments.intakeId,
      netCents: sql<number>`(case when ${coursePayments.status} in ('paid', 'refunded')
        then ${coursePayments.amountCents} else 0 end - coalesce(${refunded.cents}, 0))`.as(
        "payment_net_cents",
      ),
      waived: sql<boolean>`(${coursePayments.kind} = 'waived' and ${coursePayments.status} = 'paid')`.as(
        "payment_waived",
      ),
    })
    .from(coursePayments)
    .leftJoin(refunded, eq(refunded.paymentId, coursePayments.id))
    .as(alias);
}

/** Places per state for each intake that has any: held, offered, confirmed, waitlisted (no dues: the public's). */
export function intakeFill(db: Reader) {
  return db
    .select({
      intakeId: seats.intakeId,
      held: countOf("held"),
      offered: countOf("offered"),
      confirmed: countOf("confirmed"),
      waitlisted: countOf("waitlisted"),
      dueCents: sql<number>`0`.as("fill_due_cents"),
    })
    .from(seats)
    .where(inArray(seats.state, [...LIVE]))
    .groupBy(seats.intakeId)
    .as("fill");
}

/** The fill, plus what each intake's offered and confirmed places still owe (dueCents). */
export function intakeFillAndDues(db: Reader) {
  const nets = paymentNets(db, "place_nets");
  const placePaid = db
    .select({
      seatId: nets.seatId,
      paidCents: sql<number>`sum(${nets.netCents})`.as("place_paid_cents"),
      waived: sql<boolean>`bool_or(${nets.waived})`.as("place_waived"),
    })
    .from(nets)
    .where(isNotNull(nets.seatId))
    .groupBy(nets.seatId)
    .as("place_paid");
  return db
    .select({
      intakeId: seats.intakeId,
      held: countOf("held"),
      offered: countOf("offered"),
      confirmed: countOf("confirmed"),
      waitlisted: countOf("waitlisted"),
      dueCents: sql<number>`coalesce(sum(case
        when ${seats.state} in ('offered', 'confirmed') and not coalesce(${placePaid.waived}, false)
        then greatest(${intakes.feeCents} - coalesce(${placePaid.paidCents}, 0), 0) else 0 end), 0)::int`.as(
        "fill_due_cents",
      ),
    })
    .from(seats)
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .leftJoin(placePaid, eq(placePaid.seatId, seats.id))
    .where(inArray(seats.state, [...LIVE]))
    .groupBy(seats.intakeId)
    .as("fill");
}

/** Net cents paid towards each intake that has any payment. */
export function intakePaid(db: Reader) {
  const nets = paymentNets(db, "intake_nets");
  return db
    .select({
      intakeId: nets.intakeId,
      paidCents: sql<number>`sum(${nets.netCents})::int`.as("intake_paid_cents"),
    })
    .from(nets)
    .where(isNotNull(nets.intakeId))
    .groupBy(nets.intakeId)
    .as("intake_paid");
}
