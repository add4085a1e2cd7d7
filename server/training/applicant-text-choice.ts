// Texts at /my-training (issue 34, docs/product.md My training): what each application says of text messages (the
// person's choice, their number's state) and changing that choice. Every change is kept in text_consents with the
// consent wording's version, the moment and the IP address. Turning texts on needs a mobile in an allowed country
// that has not asked to stop; an unconfirmed number is then sent its code at once, in the same transaction.
// Applications made before texts existed have no E.164 form of their number: it is made (and kept) when the person
// turns texts on, and shown meanwhile from the number as typed.
import { and, eq, inArray } from "drizzle-orm";
import { APPLICATION_NOT_FOUND_MESSAGE, type ApplicationRecord } from "../../shared/applicant";
import {
  type ApplicationTexts,
  maskNumber,
  TEXT_CONSENT_VERSION,
  TEXT_NUMBER_STOPPED_MESSAGE,
  type TextChannel,
} from "../../shared/texts";
import type { Db } from "../db/client";
import { enrollments, textConsents, textOptOuts } from "../db/schema";
import { numberStopped, type TextContext } from "../sms/applicant-texts";
import { type CodeSent, sendNumberCode } from "../sms/number-codes";
import { inAllowedCountry, toMobileE164 } from "../sms/phone-numbers";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The sentence for a mobile outside the countries texts may go to (SMS_ALLOWED_COUNTRIES). */
export function countryNotAllowedMessage(allowedCountries: readonly string[]): string {
  const codes = allowedCountries.map((code) => `+${code}`).join(" or ");
  return `We can text only numbers starting with ${codes} for now.`;
}

const textColumns = {
  enrollmentId: enrollments.id,
  phone: enrollments.phone,
  phoneE164: enrollments.phoneE164,
  wanted: enrollments.textsWanted,
  channel: enrollments.textChannel,
  confirmedAt: enrollments.phoneConfirmedAt,
};
interface TextRow {
  phone: string;
  phoneE164: string | null;
  wanted: boolean;
  channel: TextChannel;
  confirmedAt: Date | null;
}

/** Textable: a mobile in an allowed country. Else why not (with the mobile, when it is one elsewhere). */
type Mobile = { e164: string; problem: null } | { e164: string | null; problem: string };

/** The application's mobile in E.164 (kept, or made from the number as typed), or why it cannot be texted. */
function mobileOf(row: TextRow, allowedCountries: readonly string[]): Mobile {
  const mobile = row.phoneE164 ? { e164: row.phoneE164 } : toMobileE164(row.phone);
  if ("problem" in mobile) return { e164: null, problem: mobile.problem };
  if (inAllowedCountry(mobile.e164, allowedCountries)) return { e164: mobile.e164, problem: null };
  return { e164: mobile.e164, problem: countryNotAllowedMessage(allowedCountries) };
}

function describeTexts(
  row: TextRow,
  stopped: boolean,
  allowedCountries: readonly string[],
): ApplicationTexts {
  const { e164, problem } = mobileOf(row, allowedCountries);
  return {
    wanted: row.wanted,
    channel: row.channel,
    typed: row.phone,
    textable: problem === null,
    confirmed: row.confirmedAt !== null,
    stopped,
    number: e164 && maskNumber(e164),
    problem,
  };
}

/** The texts state of each of these applications, by id. */
export async function textsOf(
  db: Pick<Db, "select">,
  enrollmentIds: readonly number[],
  allowedCountries: readonly string[],
): Promise<Map<number, ApplicationTexts>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await db
    .select(textColumns)
    .from(enrollments)
    .where(inArray(enrollments.id, [...enrollmentIds]));
  const numbers = rows.map((row) => mobileOf(row, allowedCountries).e164).filter((n) => n !== null);
  const stopped =
    numbers.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ to: textOptOuts.toE164 })
              .from(textOptOuts)
              .where(inArray(textOptOuts.toE164, numbers))
          ).map((row) => row.to),
        );
  return new Map(
    rows.map((row) => {
      const e164 = mobileOf(row, allowedCountries).e164;
      return [row.enrollmentId, describeTexts(row, e164 !== null && stopped.has(e164), allowedCountries)];
    }),
  );
}

/** The applications as /my-training lists them, each with its texts. */
export async function withTexts(
  db: Pick<Db, "select">,
  applications: readonly Omit<ApplicationRecord, "texts">[],
  allowedCountries: readonly string[],
): Promise<ApplicationRecord[]> {
  const texts = await textsOf(
    db,
    applications.map((a) => a.enrollmentId),
    allowedCountries,
  );
  return applications.flatMap((application) => {
    const state = texts.get(application.enrollmentId);
    return state ? [{ ...application, texts: state }] : [];
  });
}

/** The id of application `enrollmentId` when `email` made it (caught spam aside), else null: another's is not there. */
export async function ownedApplication(
  db: Pick<Db, "select">,
  enrollmentId: number,
  email: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.id, enrollmentId),
        eq(enrollments.email, email.toLowerCase()),
        eq(enrollments.isSpam, false),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export interface TextsChoice {
  textMe: boolean;
  textChannel?: TextChannel;
}

export type TextsChangeOutcome =
  | { ok: true; code: CodeSent | null }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Records the person's choice for one application (in `text_consents`, with the wording's version, `ip` and the
 * moment) and makes it the application's. Turning texts on with a number not confirmed yet texts the code, in this
 * transaction: the caller kicks the text outbox after the commit. WhatsApp is kept only while it is offered.
 */
export function changeTexts(
  db: Db,
  ctx: TextContext,
  codeKey: Buffer,
  enrollmentId: number,
  choice: TextsChoice,
  meta: { ip: string; allowedCountries: readonly string[]; now?: Date },
): Promise<TextsChangeOutcome> {
  const now = meta.now ?? new Date();
  return db.transaction(async (tx: Tx): Promise<TextsChangeOutcome> => {
    const [row] = await tx
      .select(textColumns)
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId))
      .limit(1)
      .for("update");
    if (!row) return { ok: false, status: 404, message: APPLICATION_NOT_FOUND_MESSAGE };
    const wanted = choice.textChannel ?? row.channel;
    const channel: TextChannel = wanted === "whatsapp" && ctx.whatsappTemplates ? "whatsapp" : "sms";
    let e164 = row.phoneE164;
    if (choice.textMe) {
      const mobile = mobileOf(row, meta.allowedCountries);
      if (mobile.problem !== null) return { ok: false, status: 400, message: mobile.problem };
      if (await numberStopped(tx, mobile.e164)) {
        return { ok: false, status: 409, message: TEXT_NUMBER_STOPPED_MESSAGE };
      }
      e164 = mobile.e164;
    }
    await tx
      .update(enrollments)
      .set({ textsWanted: choice.textMe, textChannel: channel, phoneE164: e164 })
      .where(eq(enrollments.id, enrollmentId));
    await tx.insert(textConsents).values({
      enrollmentId,
      given: choice.textMe,
      channel,
      version: TEXT_CONSENT_VERSION,
      ip: meta.ip.slice(0, 64),
      via: "my-training",
      at: now,
    });
    const needsCode = choice.textMe && row.confirmedAt === null;
    return { ok: true, code: needsCode ? await sendNumberCode(tx, ctx, codeKey, enrollmentId, now) : null };
  });
}
