// The e-mail outbox after a burst: 1,000 queued messages drained to the file outbox (DATA_DIR/outbox, .eml files)
// by one worker over an in-memory PGlite, the way a confirmation rush would be sent.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../../server/db/client";
import { mailText } from "../../server/integrations/mail/mail-text";
import { createMailer } from "../../server/integrations/mail/mailer";
import { createOutboxWorker, enqueueEmails } from "../../server/integrations/mail/outbox";

export const OUTBOX_MESSAGES = 1000;

export interface OutboxTiming {
  messages: number;
  drainMs: number;
  perSecond: number;
  filesWritten: number;
}

const quietLog = { warn() {}, error() {}, info() {} } as never;

export async function benchOutbox(): Promise<OutboxTiming> {
  const dataDir = mkdtempSync(join(tmpdir(), "rpas-bench-outbox-"));
  const database = await openDatabase({ pglite: new PGlite() });
  try {
    await database.migrate();
    const messages = Array.from({ length: OUTBOX_MESSAGES }, (_, i) => ({
      to: `applicant${i}@example.fj`,
      subject: mailText`We have received your enrollment (${i})`,
      text: mailText`Bula,\n\nThank you for applying. We will contact you within 24 hours.\n`,
    }));
    for (let start = 0; start < messages.length; start += 250) {
      await enqueueEmails(database.db, messages.slice(start, start + 250));
    }
    const mailer = createMailer({
      dataDir,
      from: "Pacific Sky RPAS <no-reply@localhost>",
      publicUrl: "http://localhost:5000",
    });
    const worker = createOutboxWorker(database.db, mailer, quietLog);
    const started = performance.now();
    const attempted = await worker.drain();
    const drainMs = performance.now() - started;
    if (attempted !== OUTBOX_MESSAGES) throw new Error(`drained ${attempted} of ${OUTBOX_MESSAGES} messages`);
    const filesWritten = readdirSync(join(dataDir, "outbox")).length;
    return {
      messages: OUTBOX_MESSAGES,
      drainMs: Math.round(drainMs),
      perSecond: Math.round((OUTBOX_MESSAGES / drainMs) * 1000),
      filesWritten,
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function outboxSection(timing: OutboxTiming): string {
  return `## E-mail outbox after a burst

${timing.messages.toLocaleString("en")} queued messages drained by one worker to the file outbox (\`.eml\` files, no
\`SMTP_URL\`) over an in-memory PGlite (scripts/lib/bench-outbox.ts): rows are claimed 25 at a time with a lease and
sent with no transaction open, until nothing is due.

| messages | drained in | messages per second | files written |
|---:|---:|---:|---:|
| ${timing.messages.toLocaleString("en")} | ${(timing.drainMs / 1000).toFixed(2)} s | ${timing.perSecond.toLocaleString("en")} | ${timing.filesWritten.toLocaleString("en")} |
`;
}
