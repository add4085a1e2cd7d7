// What one place has paid, as SQL the payment rules and the enrollments export read for a place. Paid is net of refunds
// made; the fee includes VAT, so what is due is the fee less what was paid. A place staff confirmed without payment
// owes nothing. The intake lists count the same for all their places at once in intake-fill.ts.
// Written as plain SQL with its own aliases: Drizzle leaves column names unqualified in a single-table select, and a
// correlated subquery must name the outer row ("seats"."id") without doubt.
import { sql } from "drizzle-orm";

const SEAT = sql.raw(`"seats"."id"`);

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
