// The e-mail adapter: SMTP through nodemailer when SMTP_URL is set, otherwise each message is written as an .eml
// file under DATA_DIR/outbox, so a fresh install never fails (or silently drops mail) for lack of a mail server.
// Each message is composed here, when it is sent (ADR 049): the template's text, and an HTML part drawn from that
// same text in the company's branding; from MAIL_FROM's address under the company's name, with replies to the
// company's e-mail, as Settings hold them at that moment.
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { SendMailOptions, Transporter } from "nodemailer";
import { COMPANY } from "../../../shared/company";
import { PRIVATE_DIR_MODE, writePrivateFile } from "../../platform/private-files";
import type { MailText } from "./mail-text";

// The logo at the head of every HTML part: a public file the static site also serves (shared/routes.ts).
export { EMAIL_LOGO_PATH } from "../../../shared/routes";

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

/**
 * The address part of MAIL_FROM ("Name <no-reply@example.com>" or the bare address). The name readers see is the
 * company's, from Settings; the address must be on a domain whose SPF and DKIM records cover the mail server.
 */
export function senderAddress(mailFrom: string): string {
  const address = (/<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address)) {
    throw new Error(`MAIL_FROM must be an e-mail address, or a name and <address>: "${mailFrom}"`);
  }
  return address;
}

/** Who a message is from and where replies go, with the company details as they are now. */
export function addressing(message: Pick<OutgoingEmail, "replyTo">, address: string) {
  return {
    // nodemailer encodes a name with macrons (RFC 2047), so "Tākiri" reads as written.
    from: { name: COMPANY.name, address },
    // A template names its own (staff notes reply to the applicant); otherwise replies reach the company.
    replyTo: message.replyTo ?? COMPANY.emails[0].address,
  };
}

/**
 * What nodemailer takes for one message: the text as written, the HTML part drawn from it, attachments decoded.
 * Given text, html and attachments, nodemailer writes multipart/alternative (text, then HTML), inside
 * multipart/mixed when files are attached. A render error throws here, so it fails this message (and the outbox
 * retries it), never the sender.
 */
async function nodemailerMessage(
  sender: { address: string; publicUrl: string },
  message: OutgoingEmail,
): Promise<SendMailOptions> {
  // Loaded at the first message (its own chunk of the build): React and the layout cost a start nothing.
  const { renderEmailHtml } = await import("./email-html");
  return {
    ...addressing(message, sender.address),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: await renderEmailHtml(message, sender.publicUrl),
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

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  /** MAIL_FROM: its address sends every message (checked here, at start). */
  from: string;
  /** PUBLIC_URL: the logo in the HTML part is an image under it. */
  publicUrl: string;
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl } = options;
  const sender = { address: senderAddress(options.from), publicUrl: options.publicUrl };
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      kind: "smtp",
      send: async (message) => {
        await (await transport()).sendMail(await nodemailerMessage(sender, message));
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
      const info = await (await transport()).sendMail(await nodemailerMessage(sender, message));
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      sequence = (sequence + 1) % 1_000_000;
      const name = `${stamp}-${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}.eml`;
      // Sign-in codes and invite links are in these files: owner-only whatever the umask (ADR 053).
      await writePrivateFile(join(dir, name), info.message as Buffer);
    },
  };
}
