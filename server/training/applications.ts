// An application's intake choice becomes a place: a seat held while staff review it, or a waitlist place when the
// intake is full. Submissions kept as likely spam take nothing until staff say "Not spam"; an intake of another
// course, or one that stopped taking applications, takes nothing either, and the application still reaches staff.
// One mailbox takes at most `placesPerMailbox` live places in an intake: a further application is received and kept
// but takes no place, says so, and staff read why (docs/product.md, "Place limits").
import { eq } from "drizzle-orm";
import type { CourseType } from "../../shared/constants";
import type { PlaceTaken } from "../../shared/enrollment";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { enrollments, intakes } from "../db/schema";
import { readSettings } from "../settings/settings";
import { flagIpBurst, type StaffNotice } from "./ip-burst";
import { takePlace } from "./seats";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface PlacedIn extends PlaceTaken {
  intake: typeof intakes.$inferSelect | null;
}

const NONE: PlacedIn = { outcome: "none", position: null, intake: null };

/** The intake an application may name: one of its own course. Answers its id, or null. */
export async function chosenIntake(
  tx: Pick<Db, "select">,
  courseType: CourseType,
  intakeId: number | null | undefined,
) {
  if (!intakeId) return null;
  const [intake] = await tx.select().from(intakes).where(eq(intakes.id, intakeId)).limit(1);
  return intake?.courseType === courseType ? intake.id : null;
}

/**
 * Takes the application's place in its chosen intake (inside the application's transaction). With the IP address it
 * came from, a burst of places from that address is flagged and staff are told (`staff`).
 */
export async function placeApplication(
  tx: Tx,
  application: { enrollmentId: number; email: string; intakeId: number | null },
  source: { ip: string; staff: StaffNotice } | null = null,
  now = new Date(),
): Promise<PlacedIn> {
  if (!application.intakeId) return NONE;
  const settings = await readSettings(tx);
  const outcome = await takePlace(
    tx,
    {
      ...application,
      intakeId: application.intakeId,
      holdHours: settings.seatHoldHours,
      today: fijiToday(now),
      mailboxLimit: settings.placesPerMailbox,
      sourceIp: source?.ip ?? null,
    },
    now,
  );
  if (outcome.outcome === "not-open") return NONE;
  const { intake } = outcome;
  if (outcome.outcome === "limit") {
    await tx
      .update(enrollments)
      .set({ noPlaceReason: "mailbox-limit" })
      .where(eq(enrollments.id, application.enrollmentId));
    return { outcome: "limit", position: null, limit: outcome.limit, intake };
  }
  if (outcome.outcome !== "already" && source) await flagIpBurst(tx, source.ip, source.staff, now);
  const state = outcome.outcome === "already" ? outcome.state : outcome.outcome;
  if (state === "waitlisted") {
    const position = outcome.outcome === "held" ? null : outcome.position;
    return { outcome: "waitlisted", position, intake };
  }
  return { outcome: "held", position: null, intake };
}
