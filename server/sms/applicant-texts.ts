// Who may be texted about an application, and the short links texts carry (issue 34, ADR 065). Every text about an
// application goes through `queueApplicantText`, which holds the rule "nothing is texted without consent": the
// application asked for texts, its number is a mobile in E.164, the applicant proved they hold it with the code
// (only the code itself goes before that), and the number has not asked to stop. E-mail goes on as before whatever
// this says.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { enrollments, textLinks, textOptOuts } from "../db/schema";
import { enqueueTexts, type QueuedText } from "../integrations/sms/text-outbox";
import { gsmName } from "./sms-text";
import type { TextKind } from "./text-kinds";

type Executor = Pick<Db, "select" | "insert">;

/** An application that may be texted now: where, by which channel, and the first name a text may greet. */
export interface TextableApplication {
  enrollmentId: number;
  to: string;
  channel: "sms" | "whatsapp";
  /** The first name in GSM-7, or null when it is not (Mākereta): the text then greets nobody by name. */
  firstName: string | null;
}

/** Whether a number asked for no more texts. */
export async function numberStopped(tx: Pick<Db, "select">, e164: string): Promise<boolean> {
  const [row] = await tx
    .select({ at: textOptOuts.at })
    .from(textOptOuts)
    .where(eq(textOptOuts.toE164, e164))
    .limit(1);
  return row !== undefined;
}

/**
 * The application, if it may be texted now. `codeOnly`: for the number's confirmation code, which goes before the
 * number is confirmed (but never without consent, nor to a number that asked to stop).
 */
export async function textableApplication(
  tx: Pick<Db, "select">,
  enrollmentId: number,
  options: { codeOnly?: boolean } = {},
): Promise<TextableApplication | null> {
  const [row] = await tx
    .select({
      to: enrollments.phoneE164,
      wanted: enrollments.textsWanted,
      channel: enrollments.textChannel,
      confirmedAt: enrollments.phoneConfirmedAt,
      firstName: enrollments.firstName,
      isSpam: enrollments.isSpam,
    })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  if (!row?.wanted || !row.to || row.isSpam) return null;
  if (!options.codeOnly && !row.confirmedAt) return null;
  if (await numberStopped(tx, row.to)) return null;
  return { enrollmentId, to: row.to, channel: row.channel, firstName: gsmName(row.firstName) };
}

// 62 symbols, 10 of them: about 59 bits, and each link also expires. Base62 keeps the link short in a text.
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const TEXT_LINK_LENGTH = 10;
/** The path of short links on this site: /t/<code>. */
export const TEXT_LINK_PREFIX = "/t/";

function randomCode(): string {
  // Rejection sampling: 248 is the largest multiple of 62 below 256, so every symbol is equally likely.
  let code = "";
  while (code.length < TEXT_LINK_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < TEXT_LINK_LENGTH) code += ALPHABET[byte % 62];
    }
  }
  return code;
}

/**
 * A short link for a text: `${publicUrl}/t/<code>`, leading to `target` (a path on this site, starting with "/")
 * until `expiresAt`. Stored in the caller's transaction, with the text that carries it.
 */
export async function textLink(
  tx: Pick<Db, "insert">,
  publicUrl: string,
  link: { target: string; kind: string; expiresAt: Date; enrollmentId?: number; to?: string },
): Promise<string> {
  if (!link.target.startsWith("/") || link.target.startsWith("//")) {
    throw new Error("A text link leads to a path on this site.");
  }
  const code = randomCode();
  await tx.insert(textLinks).values({
    code,
    target: link.target,
    kind: link.kind,
    enrollmentId: link.enrollmentId ?? null,
    toE164: link.to ?? null,
    expiresAt: link.expiresAt,
  });
  return `${publicUrl}${TEXT_LINK_PREFIX}${code}`;
}

/** What texts need from the app: links are made on PUBLIC_URL; WhatsApp goes only by a kind's approved template. */
export interface TextContext {
  publicUrl: string;
  /** Content SIDs by kind when WhatsApp is offered (a sender and every kind's template configured); else null. */
  whatsappTemplates: Readonly<Record<string, string>> | null;
}

/** One text as a kind writes it: the SMS body, and the same facts as a WhatsApp template's variables ("1", "2"...). */
export interface ApplicantText {
  /** One of TEXT_KINDS (each has its WhatsApp template), or staff's free "one-off". */
  kind: TextKind | "one-off";
  /** GSM-7 (gsmReplace), ending with the stop link; at most 2 parts. */
  body: string;
  variables: Record<string, string>;
  deadline?: Date;
  immediate?: boolean;
  sensitive?: boolean;
}

/** How long a stop link works: texts may come for as long as a course runs and its certificate follows. */
export const STOP_LINK_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The short link that ends texts to a number (one tap on its page, no sign-in): /t/<code> leads to
 * /texts/stop?token=<code>, and the page's button posts the same code.
 */
export async function stopLink(tx: Pick<Db, "insert">, publicUrl: string, to: string, now = new Date()) {
  const code = randomCode();
  await tx.insert(textLinks).values({
    code,
    target: `/texts/stop?token=${code}`,
    kind: "stop",
    toE164: to,
    expiresAt: new Date(now.getTime() + STOP_LINK_DAYS * DAY_MS),
  });
  return `${publicUrl}${TEXT_LINK_PREFIX}${code}`;
}

/** The line every text ends with. */
export const stopLine = (link: string) => `Stop texts: ${link}`;

/**
 * Queues one text about an application, if it may be texted (see textableApplication): `build` writes it for the
 * application's number (and may make links). It goes by WhatsApp when the application chose it and the kind has an
 * approved template, else by SMS. Answers whether a text was queued. Call inside the transaction that decides it.
 */
export async function queueApplicantText(
  tx: Executor,
  ctx: TextContext,
  enrollmentId: number,
  build: (to: TextableApplication) => Promise<ApplicantText> | ApplicantText,
  now = new Date(),
  options: { codeOnly?: boolean } = {},
): Promise<boolean> {
  const to = await textableApplication(tx, enrollmentId, options);
  if (!to) return false;
  const text = await build(to);
  const contentSid = to.channel === "whatsapp" ? ctx.whatsappTemplates?.[text.kind] : undefined;
  const queued: QueuedText = {
    to: to.to,
    kind: text.kind,
    enrollmentId,
    deadline: text.deadline,
    immediate: text.immediate,
    sensitive: text.sensitive,
    ...(contentSid
      ? { channel: "whatsapp" as const, template: { contentSid, variables: text.variables } }
      : { channel: "sms" as const, body: text.body }),
  };
  await enqueueTexts(tx, [queued], now);
  return true;
}
