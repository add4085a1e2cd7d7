// E-mail is durable: queued with the submission, sent after the commit over real SMTP (a local fake server),
// retried when the server refuses, and written as .eml files when no SMTP_URL is configured.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { retryDelayMs } from "../../server/integrations/mail/outbox";
import { withFakeSmtp } from "../helpers/smtp";
import { contactNamed } from "../helpers/stored-rows";
import { createTestApp, sameSite } from "../helpers/test-app";

const contact = {
  firstName: "Litia",
  lastName: "Koro",
  email: "litia@example.fj",
  serviceInterest: "Training Programs",
  message: "When is the next basic course?",
};

describe("the e-mail outbox over SMTP", () => {
  const mail = withFakeSmtp();

  it("sends the staff notification after the submission commits", async () => {
    const res = await mail.t.app.inject({
      method: "POST",
      url: "/api/contacts",
      payload: contact,
      headers: sameSite,
    });
    expect(res.statusCode).toBe(201);
    await mail.t.app.outbox.drain();
    expect(mail.smtp.messages).toHaveLength(1);
    expect(mail.smtp.messages[0]?.to).toEqual(["office@pacificskyrpas.example"]);
    expect(mail.smtp.messages[0]?.raw).toContain("When is the next basic course?");
    const [row] = await mail.t.database.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps the submission and retries the e-mail when the SMTP server refuses", async () => {
    mail.smtp.refuse = true;
    const res = await mail.t.app.inject({
      method: "POST",
      url: "/api/contacts",
      payload: { ...contact, firstName: "Retry" },
      headers: sameSite,
    });
    expect(res.statusCode).toBe(201);
    await mail.t.app.outbox.drain();
    const stored = await contactNamed(mail.t.database.db, "Retry");
    expect(stored).toBeDefined();
    const [pending] = await mail.t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "pending"));
    expect(pending).toMatchObject({ attempts: 1 });
    expect(pending?.lastError).toMatch(/Mailbox unavailable/);
    expect(pending?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);

    // The server recovers; the retry (made due now) goes through.
    mail.smtp.refuse = false;
    await mail.t.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.status, "pending"));
    await mail.t.app.outbox.drain();
    const rows = await mail.t.database.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(mail.smtp.messages.some((m) => m.raw.includes("Retry Koro"))).toBe(true);
  });
});

describe("the e-mail outbox without SMTP_URL", () => {
  it("writes each message as an .eml file under DATA_DIR/outbox", async () => {
    const t = await createTestApp({ env: { STAFF_EMAIL: "office@pacificskyrpas.example" } });
    await t.app.inject({ method: "POST", url: "/api/contacts", payload: contact, headers: sameSite });
    await t.app.outbox.drain();
    const dir = join(t.app.env.DATA_DIR, "outbox");
    const files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0] ?? ""), "utf8");
    expect(eml).toMatch(/^To: office@pacificskyrpas\.example$/m);
    expect(eml).toMatch(/^Reply-To: litia@example\.fj$/m);
    await t.close();
  });
});

describe("retry backoff", () => {
  it("doubles from 30 seconds and caps at an hour", () => {
    expect([1, 2, 3, 10, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
