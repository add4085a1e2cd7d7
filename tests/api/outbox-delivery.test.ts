// The outbox never holds a transaction across a mail server, drains until empty, never sends a message twice when
// several senders share it, carries headers and attachments, tells staff what failed (with Resend), and never shows
// or resends a sign-in code.
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox } from "../../server/db/schema";
import { mailText } from "../../server/integrations/mail/mail-text";
import type { EmailMessage, Mailer } from "../../server/integrations/mail/mailer";
import {
  BLANKED_TEXT,
  createOutboxWorker,
  enqueueEmails,
  MAX_ATTEMPTS,
} from "../../server/integrations/mail/outbox";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { withFakeSmtp } from "../helpers/smtp";
import { expectSiteStillAnswers, postFromSite, withTestApp } from "../helpers/test-app";

const silentLog = { warn() {}, error() {}, info() {} } as never;

function countingMailer(sent: string[]): Mailer {
  return {
    kind: "file",
    send: async (message) => {
      // Give the other sender a chance to run in between, as a network round trip would.
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(message.subject);
    },
  };
}

const mail = (n: number, extra: Partial<EmailMessage> = {}): EmailMessage => ({
  to: `person${n}@example.fj`,
  subject: mailText`Message ${n}`,
  text: mailText`Body ${n}`,
  ...extra,
});

describe("outbox delivery", () => {
  const t = withTestApp();
  let staff: string;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
  });
  /** Empties the outbox, then queues `messages` alone. */
  const queueAlone = async (messages: EmailMessage[]) => {
    await t.database.db.delete(emailOutbox);
    await enqueueEmails(t.database.db, messages);
  };
  const numbered = (count: number) => Array.from({ length: count }, (_, i) => mail(i));
  const failedForStaff = () =>
    t.app.inject({ method: "GET", url: "/api/admin/outbox?status=failed", headers: { cookie: staff } });
  const resend = (id: number | undefined) =>
    postFromSite(t.app, `/api/admin/outbox/${id}/resend`, undefined, { cookie: staff });

  it("drains every due message in one drain, not 100 at a time", async () => {
    await queueAlone(numbered(260));
    const sent: string[] = [];
    const attempted = await createOutboxWorker(t.database.db, countingMailer(sent), silentLog).drain();
    expect(attempted).toBe(260);
    expect(sent).toHaveLength(260);
    const [left] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "pending"));
    expect(left?.n).toBe(0);
  });

  it("two senders draining one outbox together send every message exactly once", async () => {
    await queueAlone(numbered(120));
    const sent: string[] = [];
    const a = createOutboxWorker(t.database.db, countingMailer(sent), silentLog);
    const b = createOutboxWorker(t.database.db, countingMailer(sent), silentLog);
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    expect(na + nb).toBe(120);
    expect(sent).toHaveLength(120);
    expect(new Set(sent).size).toBe(120);
  });

  it("a message whose sender died is picked up by another once its lease runs out", async () => {
    await queueAlone([mail(1)]);
    // A sender claimed it and vanished: its lease is still running, so nobody else sends it yet.
    await t.database.db
      .update(emailOutbox)
      .set({ leaseOwner: "gone", leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 });
    const sent: string[] = [];
    const worker = createOutboxWorker(t.database.db, countingMailer(sent), silentLog);
    expect(await worker.drain()).toBe(0);
    await t.database.db.update(emailOutbox).set({ leaseUntil: sql`now() - interval '1 second'` });
    expect(await worker.drain()).toBe(1);
    expect(sent).toEqual(["Message 1"]);
    const [row] = await t.database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2, leaseOwner: null });
  });

  it("gives up after the last try, lists it for staff with the server's answer, and Resend sends it", async () => {
    await queueAlone([mail(7)]);
    const refusing: Mailer = {
      kind: "smtp",
      send: async () => {
        throw new Error("550 Mailbox unavailable");
      },
    };
    const worker = createOutboxWorker(t.database.db, refusing, silentLog);
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      await worker.drain();
      await t.database.db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
    }
    const [failed] = await t.database.db.select().from(emailOutbox);
    expect(failed).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lastError: "550 Mailbox unavailable",
    });

    const list = await failedForStaff();
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    const body = list.json() as { items: Record<string, unknown>[]; total: number };
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      id: failed?.id,
      to: "person7@example.fj",
      subject: "Message 7",
      lastError: "550 Mailbox unavailable",
    });
    expect(JSON.stringify(body)).not.toContain("Body 7");

    expect((await resend(failed?.id)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const [again] = await t.database.db.select().from(emailOutbox);
    expect(again?.status).toBe("sent");
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "email.resent"));
    expect(audits).toHaveLength(1);
    expect((await resend(failed?.id)).statusCode).toBe(409);
  });

  it("masks a sign-in e-mail for staff, never resends it, and blanks its body once sent", async () => {
    await queueAlone([
      mail(9, { subject: mailText`Your sign-in code`, text: mailText`Your code is 123456`, sensitive: true }),
    ]);
    await t.database.db.update(emailOutbox).set({ status: "failed" });
    const list = await failedForStaff();
    expect(list.body).not.toContain("123456");
    expect(list.body).not.toContain("Your sign-in code");
    expect(list.json().items[0]).toMatchObject({ subject: "Sign-in code or link (hidden)", sensitive: true });
    const [row] = await t.database.db.select().from(emailOutbox);
    const refused = await resend(row?.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/never resent/);

    await t.database.db.update(emailOutbox).set({ status: "pending" });
    await createOutboxWorker(t.database.db, countingMailer([]), silentLog).drain();
    const [sent] = await t.database.db.select().from(emailOutbox);
    expect(sent).toMatchObject({ status: "sent", text: BLANKED_TEXT });
    // No part of the stored row keeps the code: text, and any other stored part of the body (ADR 018).
    expect(JSON.stringify(sent)).not.toContain("123456");
  });

  it("staff outbox endpoints need a staff session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/outbox" });
    expect(res.statusCode).toBe(401);
  });
});

describe("outbox over SMTP", () => {
  const server = withFakeSmtp();

  it("carries extra headers and attachments to the mail server intact", async () => {
    const calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
    await enqueueEmails(server.t.database.db, [
      mail(1, {
        headers: { "List-Unsubscribe": "<https://rpas.example.test/unsubscribe/abc>" },
        attachments: [
          {
            filename: "course.ics",
            contentType: "text/calendar",
            contentBase64: Buffer.from(calendar).toString("base64"),
          },
        ],
      }),
    ]);
    await server.t.app.outbox.drain();
    const raw = server.smtp.messages.at(-1)?.raw ?? "";
    const parsed = await simpleParser(raw);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/rpas\.example\.test\/unsubscribe\/abc>\r?$/m);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe("course.ics");
    expect(parsed.attachments[0]?.contentType).toBe("text/calendar");
    expect(parsed.attachments[0]?.content.toString("utf8")).toBe(calendar);
  });

  it("while the mail server holds its reply, /api/health and a new enrollment both answer", async () => {
    server.smtp.hold = true;
    await enqueueEmails(server.t.database.db, [mail(2)]);
    const drained = server.t.app.outbox.drain();
    await server.smtp.held();
    // The outbox is mid-send right now, with the mail server silent.
    await expectSiteStillAnswers(server.t.app, {
      firstName: "Mere",
      lastName: "Tabua",
      email: "mere.tabua@example.fj",
    });
    expect(server.smtp.messages.some((m) => m.raw.includes("Body 2"))).toBe(false);
    server.smtp.release();
    await drained;
    expect(server.smtp.messages.some((m) => m.raw.includes("Body 2"))).toBe(true);
  });
});
