import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, subscriptions } from "../../server/db/schema";
import { sendRenewalReminders } from "../../server/payments/wallet-reminders";
import { latestMailTo } from "../helpers/outbox-mail";
import { SITE_ORIGIN, withTestApp } from "../helpers/test-app";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

describe("renewal reminders for wallet subscribers", () => {
  const t = withTestApp();
  beforeAll(async () => {
    await t.database.db.insert(subscriptions).values([
      { email: "due@example.fj", provider: "mpaisa", status: "active", currentPeriodEnd: inDays(3) },
      { email: "later@example.fj", provider: "mpaisa", status: "active", currentPeriodEnd: inDays(9) },
      { email: "ended@example.fj", provider: "mpaisa", status: "active", currentPeriodEnd: inDays(-1) },
      { email: "card@example.fj", provider: "stripe", status: "active", currentPeriodEnd: inDays(2) },
      { email: "manual@example.fj", provider: "manual", status: "active", currentPeriodEnd: inDays(2) },
      { email: "revoked@example.fj", provider: "mpaisa", status: "canceled", currentPeriodEnd: inDays(2) },
    ]);
  });

  const outboxTo = async () =>
    (await t.database.db.select({ to: emailOutbox.to }).from(emailOutbox)).map((row) => row.to).sort();

  it("e-mails only wallet subscribers whose access ends within 5 days, with a link to pay again", async () => {
    expect(await sendRenewalReminders(t.app)).toBe(1);
    expect(await outboxTo()).toEqual(["due@example.fj"]);
    await t.app.outbox.drain();
    const mail = latestMailTo(t.app.env.DATA_DIR, "due@example.fj");
    expect(mail).toContain(`${SITE_ORIGIN}/mpaisa-payment`);
    expect(mail).toContain("FJD 50.00");
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "due@example.fj"));
    expect(row?.reminderSentFor?.toISOString()).toBe(row?.currentPeriodEnd?.toISOString());
  });

  it("sends once per period, however often it runs", async () => {
    expect(await sendRenewalReminders(t.app)).toBe(0);
    expect(await sendRenewalReminders(t.app)).toBe(0);
    expect(await outboxTo()).toEqual(["due@example.fj"]);
  });

  it("a new period end makes the next reminder due, when its turn comes", async () => {
    // The subscriber paid again: a month later, so no reminder yet...
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: inDays(33) })
      .where(eq(subscriptions.email, "due@example.fj"));
    expect(await sendRenewalReminders(t.app)).toBe(0);
    // ...until 5 days before that end; the other subscriber's turn came on the way.
    expect(await sendRenewalReminders(t.app, inDays(5))).toBe(1);
    expect(await sendRenewalReminders(t.app, inDays(29))).toBe(1);
    expect(await outboxTo()).toEqual(["due@example.fj", "due@example.fj", "later@example.fj"]);
    expect(await sendRenewalReminders(t.app, inDays(30))).toBe(0);
  });
});
