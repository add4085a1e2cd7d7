// Without Twilio configured, each text is written as a file under DATA_DIR/sms (one per text, named by time and a
// random id), so the flows run and can be seen on a fresh install. The files hold phone numbers and links that act
// for their reader, so they are owner-only like the outbox's e-mails (ADR 053): 0600 files in a 0700 folder.
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { keepPrivate, PRIVATE_DIR_MODE, writePrivateFile } from "../../platform/private-files";
import { checkSmsMessage, type SmsMessage, type SmsProvider } from "./sms-provider";

export const SMS_DIR = "sms";

/** The text as a person reads it: who to, by which channel, and the body or the template with its variables. */
export function smsFileText(message: SmsMessage): string {
  const lines = [`To: ${message.to}`, `Channel: ${message.channel}`];
  if (message.statusCallback) lines.push(`Status-Callback: ${message.statusCallback}`);
  if (message.template) {
    lines.push(`Template: ${message.template.contentSid}`);
    for (const [key, value] of Object.entries(message.template.variables)) {
      lines.push(`Variable ${key}: ${value}`);
    }
  }
  if (message.body !== undefined) lines.push("", message.body);
  return `${lines.join("\n")}\n`;
}

export function createFileSms(options: { dataDir: string }): SmsProvider {
  const dir = join(options.dataDir, SMS_DIR);
  // Names sort in sending order, even for texts written within the same millisecond.
  let sequence = 0;
  return {
    kind: "file",
    async send(message) {
      checkSmsMessage(message);
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // A folder made before (or by another umask) is made owner-only again.
      await keepPrivate(dir, true);
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      sequence = (sequence + 1) % 1_000_000;
      const name = `${stamp}-${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}.txt`;
      await writePrivateFile(join(dir, name), smsFileText(message));
      return { providerId: `file:${name}`, status: "written" };
    },
  };
}
