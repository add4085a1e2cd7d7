import type { FastifyInstance } from "fastify";
import { enqueueEmails } from "../integrations/mail/outbox";
import { firstNameFor } from "../platform/reader-names";
import { startRepeatingTask } from "../platform/repeating-task";
import { renewalReminder } from "./emails";
import { claimRenewalReminders } from "./subscription-rows";

export const REMINDER_DAYS_BEFORE = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** E-mails every wallet subscriber whose access ends within 5 days and has not been reminded for that end. */
export async function sendRenewalReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + REMINDER_DAYS_BEFORE * DAY_MS);
  const sent = await app.db.transaction(async (tx) => {
    const due = await claimRenewalReminders(tx, now, horizon);
    const emails = [];
    for (const row of due) {
      if (!row.currentPeriodEnd) continue;
      const reader = { email: row.email, firstName: await firstNameFor(tx, row.email) };
      emails.push(renewalReminder(reader, row.currentPeriodEnd, app.env.PUBLIC_URL));
    }
    await enqueueEmails(tx, emails);
    return due.length;
  });
  if (sent > 0) app.outbox.kick();
  return sent;
}

/** Runs the reminders hourly (and once soon after start); the timer never keeps the process alive. */
export function startReminderTimer(app: FastifyInstance, intervalMs = HOUR_MS): void {
  startRepeatingTask(
    app,
    { firstAfterMs: 10_000, intervalMs, failure: "renewal reminders failed; will retry next hour" },
    () => sendRenewalReminders(app),
  );
}
