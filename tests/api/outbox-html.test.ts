// The outbox sends each e-mail as its text and an HTML part drawn from that text when it is sent (ADR 049): nothing
// but the text is stored, so a sign-in e-mail's blanked row keeps its code in neither part, and a message whose
// HTML cannot be drawn fails alone and is retried while the others go out.
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { signInEmail } from "../../server/intake/emails";
import { mailText } from "../../server/integrations/mail/mail-text";
import { BLANKED_TEXT, enqueueEmails } from "../../server/integrations/mail/outbox";
import { withFakeSmtp } from "../helpers/smtp";
import { SITE_ORIGIN } from "../helpers/test-app";

const BREAKS_THE_LAYOUT = "this text breaks the layout";

// The real layout, except for one text: a stand-in for a layout bug that only some message would hit.
vi.mock("../../server/integrations/mail/email-html", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/integrations/mail/email-html")>();
  return {
    ...real,
    renderEmailHtml: (message: { subject: string; text: string }, publicUrl: string) =>
      message.text.includes(BREAKS_THE_LAYOUT)
        ? Promise.reject(new Error("the layout could not be drawn"))
        : real.renderEmailHtml(message, publicUrl),
  };
});

describe("the outbox's HTML part", () => {
  const server = withFakeSmtp();

  it("is drawn from the stored text when sent, so a sent sign-in e-mail keeps its code in neither part", async () => {
    const { db } = server.t.database;
    const code = "604217";
    const link = `${SITE_ORIGIN}/sign-in/confirm?token=Zx81Qv`;
    await enqueueEmails(db, [
      signInEmail({ email: "litia@example.fj", firstName: "Litia" }, code, link, "portal"),
    ]);
    await server.t.app.outbox.drain();

    const raw = server.smtp.messages.at(-1)?.raw ?? "";
    const mail = await simpleParser(raw);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`src="${SITE_ORIGIN}/email-logo.png"`);

    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "litia@example.fj"));
    expect(row).toMatchObject({ status: "sent", text: BLANKED_TEXT });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain("Zx81Qv");
  });

  it("that cannot be drawn fails that message alone, which is retried; the others are sent", async () => {
    const { db } = server.t.database;
    const before = server.smtp.messages.length;
    const message = (to: string, text: string) => ({
      to,
      subject: mailText`A message for ${to}`,
      text: mailText`Bula,\n\n${text}`,
    });
    await enqueueEmails(db, [
      message("first@example.fj", "The first message, sent as usual."),
      message("broken@example.fj", `The second message: ${BREAKS_THE_LAYOUT}.`),
      message("third@example.fj", "The third message, sent as usual."),
    ]);
    await server.t.app.outbox.drain();

    const sentTo = server.smtp.messages.slice(before).map((m) => m.raw.match(/^To: (.+)$/m)?.[1]?.trim());
    expect(sentTo).toEqual(["first@example.fj", "third@example.fj"]);
    const [broken] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "broken@example.fj"));
    expect(broken).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "the layout could not be drawn",
    });
    expect(broken?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
