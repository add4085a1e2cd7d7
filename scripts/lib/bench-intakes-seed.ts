// A year of training operations for the intake-listing benchmark and its test: 200 intakes of the three courses over
// the next 12 months (various places, seats and deposits, some closed or cancelled) and 5,000 applications, most with
// a place in one of them (held, offered, confirmed, waitlisted or ended) and the course payments and refunds their
// places made. Inserted directly in batches; the figures the staff list must show are worked out here, apart from
// the listing's SQL, so a test can compare the two.
import type { Db } from "../../server/db/client";
import {
  coursePayments,
  courseRefunds,
  enrollments,
  intakes,
  type SeatState,
  seats,
} from "../../server/db/schema";
import { COURSE_TYPES, COURSES } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import { addDays, courseEnd } from "../../shared/training";

export const INTAKE_COUNT = 200;
export const APPLICATION_COUNT = 5000;
/** Every 25th application chose "Any upcoming date": it holds no place. */
const ANY_DATE_EVERY = 25;
const BATCH = 500;

const LOCATIONS = [
  "Suva",
  "Nadi",
  "Lautoka",
  "Labasa",
  "On site: Fiji Sugar Corporation, Lautoka mill",
  "Suva (Laucala Bay campus)",
  "On site: Vatukoula gold mine",
] as const;
const SEAT_SIZES = [8, 8, 6, 8, 4, 8, 5, 7] as const;
const ENDED: SeatState[] = ["declined", "lapsed", "cancelled"];

/** What the staff list must show for one intake. */
export interface ExpectedFill {
  held: number;
  offered: number;
  confirmed: number;
  waitlisted: number;
  paidCents: number;
  dueCents: number;
}

export interface SeededIntakes {
  /** By intake id. */
  expected: Map<number, ExpectedFill>;
  /** Ids of the intakes that are not cancelled (all of them start today or later). */
  upcomingIds: number[];
  places: number;
  payments: number;
}

/** A small deterministic generator, so every run seeds the same rows. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertInBatches<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += BATCH)
    out.push(...(await insert(rows.slice(start, start + BATCH))));
  return out;
}

function intakeRows(today: string) {
  return Array.from({ length: INTAKE_COUNT }, (_, k) => {
    const courseType = COURSE_TYPES[k % 3] ?? "basic";
    const course = COURSES[courseType];
    const startDate = addDays(today, 3 + Math.floor((k * 360) / INTAKE_COUNT));
    const status = k % 25 === 11 ? "cancelled" : k % 20 === 7 ? "closed" : "open";
    return {
      courseType,
      startDate,
      endDate: courseEnd(startDate, course.durationDays),
      location: LOCATIONS[k % LOCATIONS.length] ?? "Suva",
      seats: SEAT_SIZES[k % SEAT_SIZES.length] ?? 8,
      feeCents: course.priceCents,
      depositCents: k % 2 === 0 ? Math.round(course.priceCents * 0.3) : null,
      status: status as "open" | "closed" | "cancelled",
    };
  });
}

type IntakeRow = ReturnType<typeof intakeRows>[number] & { id: number };

/** Which intake each application chose (null: any date): nearer and some courses more popular than others. */
function choices(count: number): (number | null)[] {
  const next = random(14);
  const weights = Array.from({ length: INTAKE_COUNT }, (_, k) => 1 + (k % 5) + (k < 40 ? 3 : 0));
  const total = weights.reduce((a, b) => a + b, 0);
  return Array.from({ length: count }, (_, i) => {
    if (i % ANY_DATE_EVERY === 0) return null;
    let pick = next() * total;
    for (let k = 0; k < INTAKE_COUNT; k++) {
      pick -= weights[k] ?? 0;
      if (pick < 0) return k;
    }
    return INTAKE_COUNT - 1;
  });
}

/** The place the n-th applicant of an intake has, in the order they applied. */
function stateOf(intake: IntakeRow, k: number, n: number, taken: number, waitlisted: number): SeatState {
  if (intake.status === "cancelled") return "cancelled";
  if (n % 5 === 4) return ENDED[n % 3] ?? "lapsed";
  // A quarter of the intakes fill only half their seats; the rest fill up and keep a waitlist of up to 6.
  const capacity = k % 4 === 3 ? Math.ceil(intake.seats / 2) : intake.seats;
  if (taken < capacity) return (["confirmed", "confirmed", "offered", "held"] as const)[taken % 4] ?? "held";
  if (capacity === intake.seats && waitlisted < 6) return "waitlisted";
  return ENDED[n % 3] ?? "declined";
}

type PaymentRow = typeof coursePayments.$inferInsert;
interface PaymentPlan extends Pick<PaymentRow, "kind" | "method" | "amountCents"> {
  status: "pending" | "paid" | "failed" | "refunded";
  /** Refunded part (a refund made), when any. */
  refundCents?: number;
  /** A refund asked for but not decided yet. */
  requestedRefundCents?: number;
}

/** The payments the `serial`-th place made, by its state: card and M-PAiSA, bank, waived, failed and refunded. */
function paymentsOf(intake: IntakeRow, state: SeatState, serial: number): PaymentPlan[] {
  const fee = intake.feeCents;
  const deposit = intake.depositCents;
  const online: PaymentRow["method"] = serial % 3 === 0 ? "mpaisa" : "card";
  if (state === "confirmed") {
    if (serial % 29 === 0) return [{ kind: "waived", method: "none", amountCents: 0, status: "paid" }];
    if (serial % 11 === 0) return [{ kind: "bank", method: "bank", amountCents: fee, status: "paid" }];
    if (deposit && serial % 2 === 0) {
      const paid: PaymentPlan[] = [{ kind: "deposit", method: online, amountCents: deposit, status: "paid" }];
      if (serial % 4 === 0)
        paid.push({ kind: "balance", method: online, amountCents: fee - deposit, status: "paid" });
      return paid;
    }
    return [
      { kind: "full", method: online, amountCents: fee, status: serial % 7 === 0 ? "failed" : "paid" },
      ...(serial % 7 === 0
        ? [{ kind: "full", method: "card", amountCents: fee, status: "paid" } as const]
        : []),
    ];
  }
  if (state === "offered") {
    if (serial % 3 === 0) return [{ kind: "full", method: online, amountCents: fee, status: "pending" }];
    if (deposit && serial % 3 === 1)
      return [{ kind: "deposit", method: online, amountCents: deposit, status: "paid" }];
    return [];
  }
  if (state === "cancelled" && intake.status !== "cancelled" && serial % 3 === 0) {
    // Paid, then cancelled: half the fee refunded under the rules, or the refund still waiting for staff.
    return serial % 2 === 0
      ? [{ kind: "full", method: online, amountCents: fee, status: "refunded", refundCents: fee / 2 }]
      : [{ kind: "full", method: online, amountCents: fee, status: "paid", requestedRefundCents: fee / 2 }];
  }
  return [];
}

function applicantRow(i: number, intake: IntakeRow | undefined, now: number) {
  return {
    courseType: intake?.courseType ?? COURSE_TYPES[i % 3] ?? "basic",
    firstName: `Trainee${i}`,
    lastName: ["Ratu", "Naidu", "Koroi", "Singh", "Tuilagi", "Waqa"][i % 6] ?? "Ratu",
    email: `trainee${i}@example.fj`,
    phone: `+679 99${String(i).padStart(5, "0")}`,
    highestEducation: "bachelor",
    hasDroneExperience: i % 2 === 0,
    additionalInfo: "Available on weekdays. Holds a current first-aid certificate.",
    submittedAt: new Date(now - (APPLICATION_COUNT - i) * 600_000),
    isProcessed: i % 3 === 0,
    intakeId: intake?.id ?? null,
  };
}

export async function seedIntakeLoad(db: Db, now = new Date()): Promise<SeededIntakes> {
  const today = fijiToday(now);
  const created = await db.insert(intakes).values(intakeRows(today)).returning();
  const rows = created as IntakeRow[];
  const expected = new Map<number, ExpectedFill>(
    rows.map((row) => [
      row.id,
      { held: 0, offered: 0, confirmed: 0, waitlisted: 0, paidCents: 0, dueCents: 0 },
    ]),
  );
  const picks = choices(APPLICATION_COUNT);
  const apps = await insertInBatches(
    picks.map((k, i) => applicantRow(i, k === null ? undefined : rows[k], now.getTime())),
    (batch) => db.insert(enrollments).values(batch).returning({ id: enrollments.id }),
  );

  // Places, in the order the applications came in.
  const perIntake = rows.map(() => ({ n: 0, taken: 0, waitlisted: 0 }));
  const placePlans = picks.flatMap((k, i) => {
    const intake = k === null ? undefined : rows[k];
    const count = k === null ? undefined : perIntake[k];
    if (!intake || k === null || !count) return [];
    const state = stateOf(intake, k, count.n, count.taken, count.waitlisted);
    count.n += 1;
    if (state === "held" || state === "offered" || state === "confirmed") count.taken += 1;
    if (state === "waitlisted") count.waitlisted += 1;
    const enrollmentId = apps[i]?.id ?? 0;
    const hour = 3_600_000;
    return [
      {
        intake,
        state,
        row: {
          intakeId: intake.id,
          enrollmentId,
          email: `trainee${i}@example.fj`,
          state,
          holdExpiresAt: state === "held" ? new Date(now.getTime() + 20 * hour) : null,
          addressConfirmedAt: state === "held" && i % 2 === 0 ? new Date(now.getTime() - hour) : null,
          offerExpiresAt: state === "offered" ? new Date(now.getTime() + 5 * 24 * hour) : null,
        },
      },
    ];
  });
  const seatIds = await insertInBatches(
    placePlans.map((plan) => plan.row),
    (batch) => db.insert(seats).values(batch).returning({ id: seats.id }),
  );

  const paymentRows: PaymentRow[] = [];
  const refunds: { index: number; amountCents: number; status: "refunded" | "requested" }[] = [];
  placePlans.forEach((plan, index) => {
    const fill = expected.get(plan.intake.id);
    if (!fill) return;
    if (plan.state === "held" || plan.state === "offered" || plan.state === "confirmed")
      fill[plan.state] += 1;
    if (plan.state === "waitlisted") fill.waitlisted += 1;
    let paid = 0;
    let waived = false;
    for (const payment of paymentsOf(plan.intake, plan.state, index)) {
      const serial = paymentRows.length;
      paymentRows.push({
        reference: `CFP-BENCH${String(serial).padStart(6, "0")}`,
        seatId: seatIds[index]?.id,
        enrollmentId: plan.row.enrollmentId,
        intakeId: plan.intake.id,
        email: plan.row.email,
        kind: payment.kind,
        method: payment.method,
        amountCents: payment.amountCents,
        status: payment.status,
        providerReference:
          payment.method === "card" || payment.method === "mpaisa" ? `bench_${serial}` : null,
        receiptNumber: payment.status === "paid" || payment.status === "refunded" ? `R-${serial}` : null,
        recordedBy: payment.method === "bank" || payment.kind === "waived" ? "staff" : null,
        note: payment.kind === "waived" ? "Sponsored by the Civil Aviation Authority" : null,
        paidAt: payment.status === "paid" || payment.status === "refunded" ? now : null,
      });
      if (payment.status === "paid" || payment.status === "refunded") paid += payment.amountCents;
      if (payment.kind === "waived" && payment.status === "paid") waived = true;
      if (payment.refundCents) {
        refunds.push({ index: serial, amountCents: payment.refundCents, status: "refunded" });
        paid -= payment.refundCents;
      }
      if (payment.requestedRefundCents) {
        refunds.push({ index: serial, amountCents: payment.requestedRefundCents, status: "requested" });
      }
    }
    fill.paidCents += paid;
    if ((plan.state === "offered" || plan.state === "confirmed") && !waived) {
      fill.dueCents += Math.max(plan.intake.feeCents - paid, 0);
    }
  });
  const paymentIds = await insertInBatches(paymentRows, (batch) =>
    db.insert(coursePayments).values(batch).returning({ id: coursePayments.id }),
  );
  if (refunds.length > 0) {
    await db.insert(courseRefunds).values(
      refunds.map((refund) => ({
        paymentId: paymentIds[refund.index]?.id ?? 0,
        amountCents: refund.amountCents,
        reason: "Cancelled by the applicant",
        status: refund.status,
        refundReference: refund.status === "refunded" ? `re_bench_${refund.index}` : null,
        decidedBy: refund.status === "refunded" ? "staff" : null,
        decidedAt: refund.status === "refunded" ? now : null,
      })),
    );
  }
  return {
    expected,
    upcomingIds: rows.filter((row) => row.status !== "cancelled").map((row) => row.id),
    places: seatIds.length,
    payments: paymentRows.length,
  };
}
