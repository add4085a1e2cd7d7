// What each intake in staff's list has been paid and is still owed, as SQL the list adds per intake (schedule.ts).
// The rules are those of fee-revenue.ts, which reads one place: paid is net of refunds made (stray payments for ended
// places count towards their intake: money held), and the offered and confirmed places owe the fee less what they
// paid, unless staff confirmed them without payment.
// Why this shape (BENCHMARKS.md, intake lists): the list used to ask three subqueries for every offered or confirmed
// place inside its grouped join; here each intake asks once for its payments and once for its places, and each place
// reads its payments in one pass, all through indexes, so a list costs in proportion to the intakes it shows.
// Subqueries grouped over every intake and joined to the list were tried and dropped: with a course filter the
// planner (PGlite keeps no statistics) re-ran them for each intake, three times slower than before.
// Plain SQL with its own aliases, naming the outer row ("intakes"."id") without doubt, as fee-revenue.ts does.
import { sql } from "drizzle-orm";

const INTAKE = sql.raw(`"intakes"."id"`);
const FEE = sql.raw(`"intakes"."fee_cents"`);

/** A payment's net cents: what counted, less the refunds made of it (`cp` is the payment). */
const NET = sql.raw(`(case when cp.status in ('paid', 'refunded') then cp.amount_cents else 0 end
  - coalesce((select sum(cr.amount_cents) from course_refunds cr
    where cr.payment_id = cp.id and cr.status = 'refunded'), 0))`);

/** Net cents paid towards the outer query's intake. */
export const intakePaidCents = sql<number>`(select coalesce(sum(${NET}), 0)::int from course_payments cp
  where cp.intake_id = ${INTAKE})`;

/** Cents still owed by the outer query's intake's offered and confirmed places. */
export const intakeDueCents = sql<number>`(select coalesce(sum(greatest(${FEE} - coalesce(pp.paid, 0), 0)), 0)::int
  from seats s
  left join lateral (select sum(${NET}) as paid, bool_or(cp.kind = 'waived' and cp.status = 'paid') as waived
    from course_payments cp where cp.seat_id = s.id) pp on true
  where s.intake_id = ${INTAKE} and s.state in ('offered', 'confirmed') and not coalesce(pp.waived, false))`;
