// The texts of a booking (issue 34 point 5): the offer and the waitlist offer with amount, deadline and pay link,
// payment received and place confirmed, the course reminder the day before, the balance reminder, and the
// certificate with its verification link. Each is queued through queueApplicantText (consent, a confirmed number,
// not stopped) in the transaction that queues the matching e-mail; the e-mail goes as before whatever happens here.
// Every text is GSM-7, at most 2 parts, greets by first name only when the name is GSM-7, and ends with the stop
// link; `variables` carry the same facts, in order, for the kind's WhatsApp template. Texts never move a deadline:
// `deadline` only lets quiet hours drop a text that would come too late to act on.

import { TZDate } from "@date-fns/tz";
import { COURSES, type CourseType } from "../../shared/constants";
import { endOfFijiDay, FIJI_TIME_ZONE } from "../../shared/fiji-time";
import { formatClockTime } from "../../shared/joining";
import { formatFjd } from "../../shared/money-format";
import type { Db } from "../db/client";
import {
  type ApplicantText,
  queueApplicantText,
  stopLine,
  stopLink,
  type TextableApplication,
  type TextContext,
  textLink,
} from "./applicant-texts";
import { gsmReplace, segments } from "./sms-text";
import { TEXT_KINDS, type TextKind } from "./text-kinds";

type Executor = Pick<Db, "select" | "insert">;

/** The kinds this file writes: all but the code and the seat-held text (number-codes.ts, held-text.ts). */
export const BOOKING_TEXT_KINDS = TEXT_KINDS.filter(
  (kind): kind is Exclude<TextKind, "code" | "held"> => kind !== "code" && kind !== "held",
);
export type BookingTextKind = (typeof BOOKING_TEXT_KINDS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;
/** A certificate is checked for years: its verification link lasts about as long. */
export const VERIFY_LINK_DAYS = 5 * 365;
/** The longest a place's venue name runs in a text; the e-mail has the full address. */
const VENUE_MAX = 40;

// The text contexts by database handle, like the pay links (fee-token.ts): the seat rules that decide offers are
// handed the database, not the app, and tests run several apps side by side.
const contexts = new WeakMap<object, TextContext>();

/** Called once by the text-messages plugin: texts decided through `db` are made with `ctx`. */
export function registerTextContext(db: object, ctx: TextContext): void {
  contexts.set(db, ctx);
}

export function textContextFor(db: object): TextContext | null {
  return contexts.get(db) ?? null;
}

const shortDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: FIJI_TIME_ZONE,
});
const shortTime = new Intl.DateTimeFormat("en-GB", {
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
  timeZone: FIJI_TIME_ZONE,
});

/** "Thu 3 Dec 5:00 pm" in Fiji time. */
export function shortDeadline(instant: Date): string {
  return `${shortDate.format(instant)} ${shortTime.format(instant).replace(/\s/g, " ")}`;
}

/** "Thu 3 Dec" of a Fiji calendar date ("2026-12-03"). */
export function shortDay(date: string): string {
  return shortDate.format(endOfFijiDay(date) ?? new Date(`${date}T12:00:00Z`));
}

/** "3 Dec" or "3-7 Dec" or "30 Nov-4 Dec": a course's dates in few characters. */
export function shortDates(startDate: string, endDate: string): string {
  const [start, end] = [startDate, endDate].map((d) => shortDay(d).replace(/^\S+ /, ""));
  if (startDate === endDate) return start as string;
  const [startDay, startMonth] = (start as string).split(" ");
  const [endDay, endMonth] = (end as string).split(" ");
  return startMonth === endMonth ? `${startDay}-${endDay} ${endMonth}` : `${start}-${end}`;
}

/** The moment a course starts: its first day at its daily start time, in Fiji. */
export function courseStart(startDate: string, dailyStart: string): Date {
  const [year, month, day] = startDate.split("-").map(Number) as [number, number, number];
  const [hour, minute] = dailyStart.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, 0, FIJI_TIME_ZONE).getTime());
}

const courseTitle = (courseType: CourseType) => COURSES[courseType].title;
const venue = (location: string) => {
  const one = location.replace(/\s+/g, " ").trim();
  return one.length <= VENUE_MAX ? one : `${one.slice(0, VENUE_MAX - 3).trimEnd()}...`;
};

/**
 * Writes a text as `lines(greeting)`, greeting by name when the name is GSM-7 and the text still fits in 2 parts
 * with it (a long name is left out rather than making a third part), then the stop line.
 */
function fitted(to: TextableApplication, stop: string, lines: (hello: string) => string): string {
  const write = (name: string | null) =>
    gsmReplace(`${lines(name ? `Bula ${name},` : "Bula,")}\n${stopLine(stop)}`);
  const named = write(to.firstName);
  return to.firstName && segments(named).segments <= 2 ? named : write(null);
}

const vars = (...values: string[]) =>
  Object.fromEntries(values.map((value, i) => [String(i + 1), gsmReplace(value)]));

export interface OfferFacts {
  seatId: number;
  courseType: CourseType;
  startDate: string;
  endDate: string;
  feeCents: number;
  /** The deposit that keeps the place, when the offer takes one; else the full fee is due. */
  depositCents: number | null;
  /** The offer's pay-by. */
  until: Date;
  /** The pay page's path (coursePaymentPath), or null when the app has no pay links. */
  payPath: string | null;
  /** A seat freed up from the waitlist, not an accepted application. */
  waitlist?: boolean;
}

/** The offer (and the waitlist offer): what to pay, by when (Fiji time), and the pay link, valid until the deadline. */
export async function offerText(
  tx: Pick<Db, "insert">,
  ctx: TextContext,
  to: TextableApplication,
  o: OfferFacts,
  now = new Date(),
): Promise<ApplicantText> {
  const kind: BookingTextKind = o.waitlist ? "waitlist-offer" : "offer";
  const pay = o.payPath
    ? await textLink(tx, ctx.publicUrl, {
        target: o.payPath,
        kind: "pay",
        expiresAt: o.until,
        enrollmentId: to.enrollmentId,
        to: to.to,
      })
    : null;
  const stop = await stopLink(tx, ctx.publicUrl, to.to, now);
  const amount = o.depositCents
    ? `${formatFjd(o.depositCents)} deposit or ${formatFjd(o.feeCents)} in full`
    : formatFjd(o.feeCents);
  const deadline = shortDeadline(o.until);
  const course = `${courseTitle(o.courseType)} course ${shortDates(o.startDate, o.endDate)}`;
  const news = o.waitlist
    ? `a seat is free for you on the ${course}`
    : `your place on the ${course} is offered`;
  const body = fitted(
    to,
    stop,
    (hello) => `${hello} ${news}. Pay ${amount} by ${deadline} Fiji time to keep it${pay ? `: ${pay}` : "."}`,
  );
  return {
    kind,
    body,
    variables: vars(course, amount, deadline, pay ?? `${ctx.publicUrl}/my-training`, stop),
    deadline: o.until,
  };
}

export interface PaidFacts {
  courseType: CourseType;
  startDate: string;
  endDate: string;
  amountCents: number;
  confirmed: boolean;
  /** What is still owed, and by when (a Fiji date), when a deposit was paid. */
  dueCents: number;
  balanceDueDate: string | null;
}

/** Payment received (and, when it confirms the place, place confirmed), with the course's dates. */
export async function paidText(
  tx: Pick<Db, "insert">,
  ctx: TextContext,
  to: TextableApplication,
  p: PaidFacts,
  now = new Date(),
): Promise<ApplicantText> {
  const stop = await stopLink(tx, ctx.publicUrl, to.to, now);
  const amount = formatFjd(p.amountCents);
  const course = `${courseTitle(p.courseType)} course ${shortDates(p.startDate, p.endDate)}`;
  const placed = p.confirmed ? "Your place is confirmed." : "Thank you.";
  const balance =
    p.dueCents > 0
      ? ` Balance ${formatFjd(p.dueCents)} due${p.balanceDueDate ? ` by ${shortDay(p.balanceDueDate)}` : ""}.`
      : "";
  const body = fitted(
    to,
    stop,
    (hello) => `${hello} we received ${amount} for the ${course}. ${placed}${balance}`,
  );
  return {
    kind: "confirmed",
    body,
    variables: vars(amount, course, placed, balance.trim() || "Nothing more to pay.", stop),
  };
}

export interface ReminderFacts {
  courseType: CourseType;
  startDate: string;
  dailyStart: string;
  dailyEnd: string;
  location: string;
}

/** The day before: the course starts tomorrow, at what time, where. Worthless once the course has begun. */
export async function courseReminderText(
  tx: Pick<Db, "insert">,
  ctx: TextContext,
  to: TextableApplication,
  r: ReminderFacts,
  now = new Date(),
): Promise<ApplicantText> {
  const stop = await stopLink(tx, ctx.publicUrl, to.to, now);
  const course = `${courseTitle(r.courseType)} course`;
  const day = shortDay(r.startDate);
  const hours = `${formatClockTime(r.dailyStart)} to ${formatClockTime(r.dailyEnd)}`;
  const where = venue(r.location);
  const body = fitted(
    to,
    stop,
    (hello) => `${hello} your ${course} starts tomorrow, ${day}, ${hours}. See you there! Venue: ${where}`,
  );
  return {
    kind: "course-reminder",
    body,
    variables: vars(course, day, hours, where, stop),
    deadline: courseStart(r.startDate, r.dailyStart),
  };
}

export interface BalanceFacts {
  courseType: CourseType;
  startDate: string;
  dueCents: number;
  balanceDueDate: string;
  payPath: string | null;
}

/** The balance reminder: amount, due date, pay link (valid to the end of the course's first day). */
export async function balanceReminderText(
  tx: Pick<Db, "insert">,
  ctx: TextContext,
  to: TextableApplication,
  b: BalanceFacts,
  now = new Date(),
): Promise<ApplicantText> {
  const dueBy = endOfFijiDay(b.balanceDueDate) ?? new Date(now.getTime() + DAY_MS);
  const pay = b.payPath
    ? await textLink(tx, ctx.publicUrl, {
        target: b.payPath,
        kind: "pay",
        expiresAt: endOfFijiDay(b.startDate) ?? dueBy,
        enrollmentId: to.enrollmentId,
        to: to.to,
      })
    : null;
  const stop = await stopLink(tx, ctx.publicUrl, to.to, now);
  const amount = formatFjd(b.dueCents);
  const course = `${courseTitle(b.courseType)} course`;
  const day = shortDay(b.balanceDueDate);
  const body = fitted(
    to,
    stop,
    (hello) =>
      `${hello} the balance of ${amount} for your ${course} is due by ${day}.${pay ? ` Pay here: ${pay}` : ""}`,
  );
  return {
    kind: "balance-reminder",
    body,
    variables: vars(amount, course, day, pay ?? `${ctx.publicUrl}/my-training`, stop),
    deadline: dueBy,
  };
}

export interface CertificateFacts {
  /** The certificate's title ("CAAF Basic RPAS Pilot Certificate"). */
  title: string;
  number: string;
  code: string;
}

/** The certificate is issued: its number and the page anyone can check it on. */
export async function certificateText(
  tx: Pick<Db, "insert">,
  ctx: TextContext,
  to: TextableApplication,
  c: CertificateFacts,
  now = new Date(),
): Promise<ApplicantText> {
  const verify = await textLink(tx, ctx.publicUrl, {
    target: `/verify/${c.code}`,
    kind: "verify",
    expiresAt: new Date(now.getTime() + VERIFY_LINK_DAYS * DAY_MS),
    enrollmentId: to.enrollmentId,
    to: to.to,
  });
  const stop = await stopLink(tx, ctx.publicUrl, to.to, now);
  const body = fitted(
    to,
    stop,
    (hello) =>
      `${hello} your certificate ${c.number} (${c.title}) is issued and e-mailed to you. Anyone can check it here: ${verify}`,
  );
  return { kind: "certificate", body, variables: vars(c.title, c.number, verify, stop) };
}

/**
 * Queues a booking text when the app that owns `db` made a text context and the application may be texted.
 * A text that cannot be written (too long for 2 parts: enqueueTexts refuses it before writing anything) must not undo
 * the decision, or the e-mail, it is about: it is left out.
 */
export async function queueBookingText(
  tx: Executor,
  db: object,
  enrollmentId: number | null,
  build: (ctx: TextContext, to: TextableApplication) => Promise<ApplicantText>,
  now = new Date(),
): Promise<boolean> {
  const ctx = textContextFor(db);
  if (!ctx || enrollmentId === null) return false;
  try {
    return await queueApplicantText(tx, ctx, enrollmentId, (to) => build(ctx, to), now);
  } catch (error) {
    if (error instanceof Error && /SMS parts|GSM-7/.test(error.message)) return false;
    throw error;
  }
}
