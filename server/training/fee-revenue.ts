// What places have paid and still owe, as SQL the intake lists add to their grouped query (schedule.ts) and the
// payment rules read for one place. Paid is net of refunds made; the fee includes VAT, so what is due is the fee
// less what was paid. A place staff confirmed without payment owes nothing.
// Written as plain SQL with its own aliases: Drizzle leaves column names unqualified in a single-table select, and a
// correlated subquery must name the outer row ("seats"."id", "intakes"."id") without doubt.
import { sql } from "drizzle-orm";

const SEAT = sql.raw(`"seats"."id"`);
const INTAKE = sql.raw(`"intakes"."id"`);

/** Net cents paid towards the place in the outer query's `seats` row. */
export const seatPaidCents = sql<number>`(
  (select coalesce(sum(cp.amount_cents), 0) from course_payments cp
    where cp.seat_id = ${SEAT} and cp.status in ('paid', 'refunded'))
  - (select coalesce(sum(cr.amount_cents), 0) from course_refunds cr
    join course_payments cp on cp.id = cr.payment_id
    where cp.seat_id = ${SEAT} and cr.status = 'refunded')
)`;

/** Whether staff confirmed the outer query's place without payment. */
export const seatWaived = sql<boolean>`exists (select 1 from course_payments cp
  where cp.seat_id = ${SEAT} and cp.kind = 'waived' and cp.status = 'paid')`;

/** Net cents paid towards the outer query's intake (stray payments for ended places included: money held). */
export const intakePaidCents = sql<number>`(
  (select coalesce(sum(cp.amount_cents), 0) from course_payments cp
    where cp.intake_id = ${INTAKE} and cp.status in ('paid', 'refunded'))
  - (select coalesce(sum(cr.amount_cents), 0) from course_refunds cr
    join course_payments cp on cp.id = cr.payment_id
    where cp.intake_id = ${INTAKE} and cr.status = 'refunded')
)::int`;

/** Cents still owed by the offered and confirmed places of the outer query's intake (an aggregate over seats). */
export const intakeDueCents = sql<number>`coalesce(sum(case
  when "seats"."state" in ('offered', 'confirmed') and not ${seatWaived}
  then greatest("intakes"."fee_cents" - ${seatPaidCents}, 0) else 0 end), 0)::int`;
