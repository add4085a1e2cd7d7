// An application's intake choice becomes a place: a seat held while staff review it, or a waitlist place when the
// intake is full. Submissions kept as likely spam take nothing until staff say "Not spam"; an intake of another
// course, or one that stopped taking applications, takes nothing either, and the application still reaches staff.
import { eq } from "drizzle-orm";
import type { CourseType } from "../../shared/constants";
import type { PlaceTaken } from "../../shared/enrollment";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { intakes } from "../db/schema";
import { readSettings } from "../settings/settings";
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

/** Takes the application's place in its chosen intake (inside the application's transaction). */
export async function placeApplication(
  tx: Tx,
  application: { enrollmentId: number; email: string; intakeId: number | null },
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
    },
    now,
  );
  if (outcome.outcome === "not-open") return NONE;
  const { intake } = outcome;
  const state = outcome.outcome === "already" ? outcome.state : outcome.outcome;
  if (state === "waitlisted") {
    const position = outcome.outcome === "held" ? null : outcome.position;
    return { outcome: "waitlisted", position, intake };
  }
  return { outcome: "held", position: null, intake };
}
