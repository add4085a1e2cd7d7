// The e-mail adapter: SMTP through nodemailer when SMTP_URL is set, otherwise each message is written as an .eml
// file under DATA_DIR/outbox, so a fresh install never fails (or silently drops mail) for lack of a mail server.
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import { PRIVATE_DIR_MODE, writePrivateFile } from "../../platform/private-files";
import type { MailText } from "./mail-text";

export interface EmailMessage {
  to: string;
  replyTo?: string | null;
  /** Subject and text are written with `mailText` (mail-text.ts): no function, object or missing value prints in them. */
  subject: MailText;
  text: MailText;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string> | null;
  /** Files sent along (calendar files, PDF certificates), base64 so a queued row is plain JSON. */
  attachments?: EmailAttachment[] | null;
  /** Carries a sign-in code or link: masked in the staff view, body blanked once sent, never resent by staff. */
  sensitive?: boolean;
}

/** A message as the mailer sends it: as a template wrote it, or read back from the outbox (plain text by then). */
export type OutgoingEmail = Omit<EmailMessage, "subject" | "text" | "sensitive"> & {
  subject: string;
  text: string;
};

export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** What nodemailer takes for one message: our fields, with attachments decoded. */
function nodemailerMessage(from: string, message: OutgoingEmail) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    replyTo: message.replyTo ?? undefined,
    headers: message.headers ?? undefined,
    attachments: message.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.contentBase64, "base64"),
    })),
  };
}

export interface Mailer {
  /** Resolves once the message is accepted (by the SMTP server, or written to disk); throws otherwise. */
  send(message: OutgoingEmail): Promise<void>;
  readonly kind: "smtp" | "file";
}

/** nodemailer and the transport, made at the first message rather than with the server (ADR 039). */
function lazyTransport(
  create: (nodemailer: typeof import("nodemailer")["default"]) => Transporter,
): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import("nodemailer").then((module) => create(module.default));
    return transport;
  };
}

export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      kind: "smtp",
      send: async (message) => {
        await (await transport()).sendMail(nodemailerMessage(options.from, message));
      },
    };
  }
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  const dir = join(options.dataDir, "outbox");
  // Names sort in sending order, even for messages written within the same millisecond.
  let sequence = 0;
  return {
    kind: "file",
    send: async (message) => {
      const info = await (await transport()).sendMail(nodemailerMessage(options.from, message));
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      sequence = (sequence + 1) % 1_000_000;
      const name = `${stamp}-${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}.eml`;
      // Sign-in codes and invite links are in these files: owner-only whatever the umask (ADR 053).
      await writePrivateFile(join(dir, name), info.message as Buffer);
    },
  };
}
