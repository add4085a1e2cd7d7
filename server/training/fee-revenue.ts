// What places have paid and still owe, as SQL the intake lists add to their grouped query (schedule.ts) and the
// payment rules read for one place. Paid is net of refunds made; the fee includes VAT, so what is due is the fee
// less what was paid. A place staff confirmed without payment owes nothing.
import { sql } from "drizzle-orm";
import { coursePayments, courseRefunds, intakes, seats } from "../db/schema";

const COUNTED = sql.raw("('paid', 'refunded')");

/** Net cents paid towards the place in the outer query's `seats` row. */
export const seatPaidCents = sql<number>`(
  (select coalesce(sum(${coursePayments.amountCents}), 0) from ${coursePayments}
    where ${coursePayments.seatId} = ${seats.id} and ${coursePayments.status} in ${COUNTED})
  - (select coalesce(sum(${courseRefunds.amountCents}), 0) from ${courseRefunds}
    join ${coursePayments} on ${coursePayments.id} = ${courseRefunds.paymentId}
    where ${coursePayments.seatId} = ${seats.id} and ${courseRefunds.status} = 'refunded')
)`;

/** Whether staff confirmed the outer query's place without payment. */
export const seatWaived = sql`exists (select 1 from ${coursePayments} where ${coursePayments.seatId} = ${seats.id}
  and ${coursePayments.kind} = 'waived' and ${coursePayments.status} = 'paid')`;

/** Net cents paid towards the outer query's intake (stray payments for ended places included: money held). */
export const intakePaidCents = sql<number>`(
  (select coalesce(sum(${coursePayments.amountCents}), 0) from ${coursePayments}
    where ${coursePayments.intakeId} = ${intakes.id} and ${coursePayments.status} in ${COUNTED})
  - (select coalesce(sum(${courseRefunds.amountCents}), 0) from ${courseRefunds}
    join ${coursePayments} on ${coursePayments.id} = ${courseRefunds.paymentId}
    where ${coursePayments.intakeId} = ${intakes.id} and ${courseRefunds.status} = 'refunded')
)::int`;

/** Cents still owed by the offered and confirmed places of the outer query's intake (an aggregate over seats). */
export const intakeDueCents = sql<number>`coalesce(sum(case
  when ${seats.state} in ('offered', 'confirmed') and not ${seatWaived}
  then greatest(${intakes.feeCents} - ${seatPaidCents}, 0) else 0 end), 0)::int`;
