// Every e-mail the site can send, written with the data a real day brings: people's names, Fiji dates, FJD amounts,
// intakes, and each optional value both present and missing. One entry per e-mail module and, in it, one per exported
// function: the e-mails it writes (each variant named), or why it writes none. Its type asks for every exported
// function of the module, and server/integrations/mail/all-emails.test.ts checks the same against the files on disk,
// so a new template cannot be added without being rendered here. The same samples are what staff preview in the
// dashboard's E-mail view (server/staff/email-preview-routes.ts): every code, token and person in them is made up.
import { ContactSchema } from "../../../shared/contact";
import { SEEDED_WHAT_TO_BRING } from "../../../shared/joining";
import { refundDeadlines, refundRuleText } from "../../../shared/refund-rule";
import { ReviewSchema } from "../../../shared/review";
import * as certificateEmails from "../../certificates/emails";
import * as intakeEmails from "../../intake/emails";
import * as testimonialEmails from "../../intake/testimonial-emails";
import * as digestEmails from "../../library/digest-email";
import * as paymentEmails from "../../payments/emails";
import * as payeeChangeEmails from "../../settings/payee-change-email";
import * as textCapEmail from "../../sms/text-cap-email";
import * as inviteEmails from "../../staff/invite-emails";
import * as signInEmails from "../../staff/sign-in-emails";
import { calendarAttachment } from "../../training/applicant-calendar";
import * as applicantEmails from "../../training/applicant-emails";
import * as trainingEmails from "../../training/emails";
import * as feeCardEmails from "../../training/fee-card-emails";
import type { IntakeRow } from "../../training/fee-dues";
import * as feeEmails from "../../training/fee-emails";
import * as holdEmails from "../../training/hold-emails";
import * as joiningText from "../../training/joining-text";
import * as reminderEmails from "../../training/reminder-emails";
import type { EmailMessage } from "./mailer";

/** An export that writes no e-mail itself: a piece the templates (or the code that sends them) share. */
export interface NotAnEmail {
  notAnEmail: string;
}
const notAnEmail = (why: string): NotAnEmail => ({ notAnEmail: why });

/** Given the module's own export, the e-mails it writes, by the case each one shows. */
export type Variants<F> = (write: F) => Record<string, EmailMessage>;

/** Every exported function of a module, each with its variants or the reason it writes no e-mail. */
type Samples<M> = {
  [K in keyof M as M[K] extends (...args: never[]) => unknown ? K : never]-?: Variants<M[K]> | NotAnEmail;
};

export interface EmailModule {
  /** The module's path from the repository root, as the test finds it on disk. */
  file: string;
  namespace: object;
  samples: Record<string, Variants<never> | NotAnEmail>;
}

function emailModule<M extends object>(file: string, namespace: M, samples: Samples<M>): EmailModule {
  return { file, namespace, samples: samples as EmailModule["samples"] };
}

/** The site's address in the samples: every link in them is under it. */
export const SAMPLE_PUBLIC_URL = "https://www.pacificskyrpas.com.fj";
const PUBLIC_URL = SAMPLE_PUBLIC_URL;
/** The one link not on the site: an intake's map link, which staff write (https only, shared/joining.ts). */
export const SAMPLE_MAP_URL = "https://maps.app.goo.gl/fnuDerrickCampus";
const STAFF = "training@pacificskyrpas.com.fj";
const DASHBOARD = `${PUBLIC_URL}/admin`;

const suva: IntakeRow = {
  id: 14,
  courseType: "basic",
  startDate: "2026-07-13",
  endDate: "2026-07-17",
  location: "Suva, Fiji National University Derrick Campus",
  seats: 8,
  feeCents: 30_000,
  depositCents: 10_000,
  status: "open",
  dailyStart: "08:30",
  dailyEnd: "16:30",
  venueAddress: "Fiji National University, Derrick Campus\nBuilding C, Room 12\nSamabula, Suva",
  mapUrl: SAMPLE_MAP_URL,
  whatToBring: SEEDED_WHAT_TO_BRING.basic,
  createdAt: new Date("2026-03-02T21:15:00Z"),
  updatedAt: new Date("2026-03-02T21:15:00Z"),
};
const nadi: IntakeRow = {
  ...suva,
  id: 17,
  courseType: "advanced",
  startDate: "2026-09-07",
  endDate: "2026-09-16",
  location: "Nadi, Namaka Aviation Centre",
  venueAddress: "",
  mapUrl: "",
  whatToBring: SEEDED_WHAT_TO_BRING.advanced,
  feeCents: 150_000,
  depositCents: null,
};
const lautoka = {
  ...suva,
  id: 19,
  startDate: "2026-08-10",
  endDate: "2026-08-14",
  location: "Lautoka",
  dailyStart: "09:00",
  venueAddress: "Lautoka Civic Centre\nVitogo Parade, Lautoka",
  mapUrl: "",
};
const calendar = { seatId: 311, sequence: 0, publicUrl: PUBLIC_URL };
/** The same place's calendar after one change of dates (moved by staff, or its intake changed). */
const calendarMoved = { ...calendar, sequence: 1 };
/** An offer's pay-by, its pay link, and what it asks: a deposit and the balance later, the fee, or the fee now. */
const payBy = new Date("2026-06-20T11:59:00Z");
const payLink = `${PUBLIC_URL}/pay/311.k2Qm9xPz`;
const depositTerms = { balanceDueDate: "2026-06-29", depositAllowed: true };
const noDeposit = { balanceDueDate: null, depositAllowed: false };
const fullFeeDue = { balanceDueDate: "2026-07-12", depositAllowed: false };

const mere = { email: "mere.tuilau@gmail.com", name: "Mere Tuilau" };
const josaia = { email: "josaia.naivalu@fijiairways.com.fj", name: "Josaia Naivalu" };
/** Readers: with the first name their application gave, and one whose name is not known ("Bula,"). */
const toMere = { email: mere.email, firstName: "Mere" };
const toJosaia = { email: josaia.email, firstName: "Josaia" };
const toSubscriber = { email: "survey@lautokaengineering.com.fj", firstName: null };

const reminderPlace: reminderEmails.ReminderPlace = {
  seatId: 311,
  email: mere.email,
  // The first name the application gave (reminders.ts reads enrollments.firstName).
  name: "Mere",
  courseType: "basic",
  startDate: suva.startDate,
  endDate: suva.endDate,
  location: suva.location,
  dailyStart: suva.dailyStart,
  dailyEnd: suva.dailyEnd,
  venueAddress: suva.venueAddress,
  mapUrl: suva.mapUrl,
  whatToBring: suva.whatToBring,
  dueCents: 20_000,
  balanceDueDate: "2026-06-29",
  sequence: 0,
};
const paidUp = { ...reminderPlace, dueCents: 0, balanceDueDate: null };

/** Holds waiting for staff: one whose address was confirmed (it lapses at a known time), one in another course. */
const heldMere: holdEmails.HeldPlace = {
  name: mere.name,
  email: mere.email,
  courseType: "basic",
  startDate: suva.startDate,
  endDate: suva.endDate,
  location: suva.location,
  since: new Date("2026-06-01T22:40:00Z"),
  lapsesAt: new Date("2026-06-09T23:05:00Z"),
};
const heldJosaia: holdEmails.HeldPlace = {
  ...heldMere,
  name: josaia.name,
  email: josaia.email,
  courseType: "advanced",
  startDate: nadi.startDate,
  endDate: nadi.endDate,
  location: nadi.location,
  since: new Date("2026-06-03T01:15:00Z"),
  lapsesAt: new Date("2026-06-11T02:00:00Z"),
};

const receipt: feeEmails.CourseReceipt = {
  to: mere.email,
  firstName: "Mere",
  intake: suva,
  reference: "PSR-C-2026-00311",
  method: "mpaisa",
  receiptNumber: "R-2026-0418",
  amountCents: 10_000,
  vatCents: 1_239,
  vatPercent: 15,
  dueCents: 20_000,
  balanceDueDate: "2026-06-29",
  payUrl: `${PUBLIC_URL}/pay/311.k2Qm9xPz`,
  calendar,
  // As paid a month before the start, with the default settings (14 days for all, 7 for half).
  refundRule: refundRuleText(
    refundDeadlines(suva.startDate, {
      fullRefundDaysBefore: 14,
      partialRefundDaysBefore: 7,
      partialRefundPercent: 50,
    }),
    "2026-06-12",
  ),
};

/** Two applications as the forms store them: a first-time pilot who left some fields empty, and a working pilot. */
const applications = {
  basic: intakeEmails.enrollmentSummary(1042, "basic", {
    firstName: "Mere",
    lastName: "Tuilau",
    email: mere.email,
    phone: "+679 836 2207",
    address: "Lot 12, Ratu Mara Road, Nabua, Suva",
    dateOfBirth: "1996-03-08",
    highestEducation: "bachelor",
    educationDetails: "BSc in Geospatial Science, University of the South Pacific (2018)",
    hasDroneExperience: true,
    droneExperienceDetails: "About 20 hours on a DJI Mini 3 for land surveys in Naitasiri",
    aviationQualifications: "",
  }),
  advanced: intakeEmails.enrollmentSummary(1043, "advanced", {
    firstName: "Josaia",
    lastName: "Naivalu",
    email: josaia.email,
    phone: "+679 925 4410",
    address: "14 Queens Road, Martintar, Nadi",
    dateOfBirth: "1988-11-21",
    highestEducation: "certificate",
    educationDetails: "Diploma in Civil Engineering, Fiji National University",
    dronesFlown: "DJI Matrice 300 RTK, DJI Mavic 3 Enterprise",
    totalFlyingHours: 142,
    totalPICHours: 96,
    aviationQualifications: "CAAF Basic RPAS Pilot Certificate (2024)",
    additionalInfo: "I would prefer the September intake in Nadi.",
  }),
};

const certificate = {
  number: "PSR-B-2026-0042",
  version: 1,
  code: "h7Xq2LmV9sK4tPz1",
  seatId: 311,
  enrollmentId: 1042,
  intakeId: suva.id,
  email: mere.email,
  courseType: "basic",
  title: "CAAF Basic RPAS Pilot Certificate",
  givenNames: "Mere Salote",
  surname: "Tuilau",
  startDate: suva.startDate,
  endDate: suva.endDate,
  location: suva.location,
  issuedOn: "2026-07-17",
  expiresOn: "2028-07-17",
  hiddenFromSearch: false,
  reviewToken: "c3VyZS10aGlzLWlzLWEtdG9rZW4",
} satisfies Parameters<typeof certificateEmails.certificateEmail>[0];
const pdf = new TextEncoder().encode("%PDF-1.7\n% a certificate\n%%EOF\n");

const walletPaid: paymentEmails.PaidPayment = {
  reference: "MP-2026-7F3K9Q",
  method: "qr",
  name: "Priya Chand",
  amountCents: 5_000,
  providerTransactionId: "MPS240612093511",
};
const walletAnonymous: paymentEmails.PaidPayment = {
  ...walletPaid,
  method: "mobile",
  name: null,
  providerTransactionId: null,
};

const cardChange: paymentEmails.CardChangeNote = {
  to: STAFF,
  change: "card.refunded",
  subscriber: "survey@lautokaengineering.com.fj",
  amountCents: 5_000,
  refundedCents: 5_000,
  period: { start: new Date("2026-05-03T00:00:00Z"), end: new Date("2026-06-03T00:00:00Z") },
  dispute: null,
  accessUntil: null,
};

export const EMAIL_MODULES: EmailModule[] = [
  emailModule("server/intake/emails.ts", intakeEmails, {
    signature: notAnEmail("the closing lines every e-mail ends with"),
    greeting: notAnEmail('the opening line of every e-mail: "Bula Mere," or "Bula,"'),
    firstNameOf: notAnEmail("the word a name is greeted by"),
    enrollmentSummary: notAnEmail("what the enrollment e-mails need from a stored application"),
    contactNotification: (write) => {
      const enquiry = {
        firstName: "Sereana",
        lastName: "Waqa",
        email: "s.waqa@ndmo.gov.fj",
        serviceInterest: "Disaster Management",
        message:
          "We would like drone imagery of the flood damage in Ba after the cyclone. Can you help next week?",
      };
      return {
        "with an organization": write(
          ContactSchema.parse({ ...enquiry, organization: "National Disaster Management Office" }),
          STAFF,
          207,
        ),
        "without an organization": write(ContactSchema.parse(enquiry), STAFF, 208),
      };
    },
    reviewNotification: (write) => {
      const review = {
        name: "Ratu Epeli Nailatikau",
        rating: 5,
        text: "Clear teaching, plenty of flying time, and the CAAF paperwork handled for us.",
      };
      return {
        "with organization and position": write(
          ReviewSchema.parse({ ...review, organization: "Fiji Roads Authority", position: "Survey Lead" }),
          STAFF,
          31,
        ),
        "with neither": write(ReviewSchema.parse({ ...review, rating: 4 }), STAFF, 32),
        "may be featured": write(ReviewSchema.parse({ ...review, featureConsent: true }), STAFF, 33),
      };
    },
    enrollmentStaffNotification: (write) => ({
      "basic course": write(applications.basic, STAFF, DASHBOARD),
      "advanced course": write(applications.advanced, STAFF, DASHBOARD),
      "no seat: the mailbox's limit": write(applications.basic, STAFF, DASHBOARD, {
        outcome: "limit",
        position: null,
        limit: 2,
        intake: suva,
      }),
    }),
    enrollmentConfirmation: (write) => {
      const confirmUrl = `${PUBLIC_URL}/my-training/confirm?token=1042.1783641600.Zm9vYmFy`;
      const held = { outcome: "held", position: null, intake: suva } as const;
      const waitlisted = { outcome: "waitlisted", position: 3, intake: suva } as const;
      return {
        "without an intake": write(applications.basic),
        "a seat held, with the confirm link": write(applications.basic, held, confirmUrl),
        "a seat held, no confirm link": write(applications.basic, held),
        "on the waitlist, with the confirm link": write(applications.basic, waitlisted, confirmUrl),
        "on the waitlist, its place unknown": write(applications.basic, {
          ...waitlisted,
          position: null,
        }),
        "received, no seat: the mailbox's limit": write(
          applications.basic,
          { outcome: "limit", position: null, limit: 2, intake: suva },
          confirmUrl,
        ),
        "no place taken": write(applications.advanced, {
          outcome: "none",
          position: null,
          intake: null,
        }),
      };
    },
    signInEmail: (write) => {
      const link = `${PUBLIC_URL}/sign-in/confirm?token=q8Vn2kLp0sTzX4mR`;
      return {
        "to the portal, name unknown": write(toSubscriber, "482913", link, "portal"),
        "to the portal, named": write({ ...toSubscriber, firstName: "Vilimone" }, "482913", link, "portal"),
        "to My training": write(toMere, "590137", link, "my-training"),
      };
    },
  }),

  emailModule("server/intake/testimonial-emails.ts", testimonialEmails, {
    withdrawUrlOf: notAnEmail("the withdraw link's address, written into the approval e-mail"),
    reviewApprovedEmail: (write) => ({
      "a verified trainee who may be featured": write(
        mere.email,
        {
          name: "Mere Salote Tuilau",
          text: "Clear teaching, plenty of flying time, and the CAAF paperwork handled for us.",
        },
        PUBLIC_URL,
        "q3Vn8LxT2bKp5YwR0cJm7HsD4fGa9ZeU1iOl6NtQ3vX",
      ),
    }),
  }),
  emailModule("server/training/fee-card-emails.ts", feeCardEmails, {
    cardFeeReturnedEmail: (write) => {
      const returned = {
        to: mere.email,
        firstName: "Mere",
        intake: suva,
        amountCents: 30_000,
        reference: "CFP-K2QM9XPZ4A",
      };
      return {
        "refunded in full at Stripe": write({ ...returned, how: "refund" }),
        "dispute lost, no first name known": write({ ...returned, firstName: null, how: "dispute" }),
      };
    },
    cardFeeStaffNote: (write) => {
      const note: feeCardEmails.CardFeeStaffNote = {
        to: STAFF,
        change: "refunded",
        payer: mere.email,
        intake: suva,
        seatId: 311,
        reference: "CFP-K2QM9XPZ4A",
        amountCents: 30_000,
        refundedCents: 30_000,
        dueCents: 30_000,
        placeCancelled: true,
        placeEndedAs: null,
        disputeId: null,
        dashboardUrl: DASHBOARD,
      };
      return {
        "refunded in full: place cancelled": write(note),
        "partly refunded: place still held": write({
          ...note,
          change: "partially-refunded",
          refundedCents: 10_000,
          dueCents: 10_000,
          placeCancelled: false,
        }),
        disputed: write({
          ...note,
          change: "disputed",
          refundedCents: 0,
          dueCents: 0,
          placeCancelled: false,
          disputeId: "dp_1QkzW2Lr8fJ3",
        }),
        "dispute lost, place already cancelled": write({
          ...note,
          change: "dispute-lost",
          placeCancelled: false,
          placeEndedAs: "cancelled",
          disputeId: "dp_1QkzW2Lr8fJ3",
        }),
        "dispute won, payment for no place": write({
          ...note,
          change: "dispute-won",
          intake: null,
          seatId: null,
          refundedCents: 0,
          dueCents: null,
          placeCancelled: false,
          disputeId: "dp_1QkzW2Lr8fJ3",
        }),
      };
    },
  }),
  emailModule("server/training/fee-emails.ts", feeEmails, {
    methodName: notAnEmail("a payment method as the payer reads it"),
    courseReceiptEmail: (write) => ({
      "deposit paid, balance due by a date with a pay link": write(receipt),
      "paid in full by card": write({
        ...receipt,
        method: "card",
        amountCents: 30_000,
        vatCents: 3_913,
        dueCents: 0,
        balanceDueDate: null,
        payUrl: null,
      }),
      "short of the deposit, no receipt number": write({
        ...receipt,
        amountCents: 5_000,
        vatCents: 652,
        dueCents: 25_000,
        confirmed: false,
        receiptNumber: null,
      }),
      "short of the full fee the offer asks": write({
        ...receipt,
        amountCents: 10_000,
        vatCents: 1_304,
        dueCents: 20_000,
        confirmed: false,
        fullFeeDue: true,
      }),
      "balance due, no date or pay link": write({
        ...receipt,
        method: "bank",
        balanceDueDate: null,
        payUrl: null,
      }),
      "paid in full after a move, name unknown": write({
        ...receipt,
        firstName: null,
        intake: lautoka,
        dueCents: 0,
        balanceDueDate: null,
        payUrl: null,
        calendar: calendarMoved,
      }),
    }),
    placeConfirmedEmail: (write) => ({
      "nothing to pay": write(toMere, suva, calendar),
      "nothing to pay, after a move, name unknown": write(
        { ...toMere, firstName: null },
        lautoka,
        calendarMoved,
      ),
    }),
    paymentNotPlacedEmail: (write) => ({
      "for an intake": write(toMere, suva, 10_000, "PSR-C-2026-00311"),
      "its intake gone, payer unknown": write(
        { ...toJosaia, firstName: null },
        null,
        150_000,
        "PSR-C-2026-00312",
      ),
    }),
  }),

  emailModule("server/training/reminder-emails.ts", reminderEmails, {
    courseReminderEmail: (write) => {
      const links = { myTraining: `${PUBLIC_URL}/my-training`, pay: `${PUBLIC_URL}/pay/311.k2Qm9xPz` };
      const ics = calendarAttachment({ ...suva, seatId: reminderPlace.seatId, sequence: 0 }, PUBLIC_URL);
      return {
        "a week before, balance due with a pay link": write(reminderPlace, "week", links, ics),
        "a day before, paid up": write(paidUp, "day", links, ics),
        "a week before, balance due without a pay link": write(
          reminderPlace,
          "week",
          { ...links, pay: null },
          ics,
        ),
      };
    },
    balanceReminderEmail: (write) => ({
      "due by a date, with a pay link": write(reminderPlace, `${PUBLIC_URL}/pay/311.k2Qm9xPz`),
      "no due date, no pay link": write({ ...reminderPlace, balanceDueDate: null }, null),
    }),
    balanceOverdueAlert: (write) => ({
      "past its due date": write(STAFF, reminderPlace, DASHBOARD),
      "no due date recorded": write(STAFF, { ...reminderPlace, balanceDueDate: null }, DASHBOARD),
    }),
  }),

  emailModule("server/training/joining-text.ts", joiningText, {
    joiningDetails: notAnEmail("the hours, venue and map lines the confirmation and reminders carry"),
    venueDetails: notAnEmail("the venue and map lines of an intake change"),
    whatToBringBlock: notAnEmail("the list of what to bring"),
  }),

  emailModule("server/training/emails.ts", trainingEmails, {
    bankParagraph: notAnEmail("the bank transfer details the offers end with"),
    intakeChangedEmail: (write) => ({
      "new dates and place, a seat with its calendar file": write(toMere, suva, lautoka, calendarMoved),
      "new dates, a waitlist place, name unknown": write(
        { ...toJosaia, firstName: null },
        suva,
        lautoka,
        null,
      ),
    }),
    intakeCancelledEmail: (write) => ({
      "with other intakes, a seat's calendar file cancelled": write(
        toMere,
        suva,
        [lautoka, { ...suva, id: 21, startDate: "2026-10-05", endDate: "2026-10-09" }],
        calendarMoved,
      ),
      "with no other intake, a waitlist place": write(toJosaia, nadi, [], null),
    }),
    waitlistOfferEmail: (write) => ({
      "deposit, balance due later, with a pay link": write(toMere, suva, payBy, payLink, depositTerms),
      "no deposit, no pay link, name unknown": write(
        { ...toJosaia, firstName: null },
        nadi,
        payBy,
        null,
        noDeposit,
      ),
      "course too near for a deposit": write(toMere, suva, payBy, payLink, fullFeeDue),
    }),
    placeOfferEmail: (write) => ({
      "no deposit, with a pay link": write(toJosaia, nadi, payBy, payLink, noDeposit),
      "deposit, no pay link": write(toMere, suva, payBy, null, depositTerms),
      "course too near for a deposit, no pay link, name unknown": write(
        { ...toMere, firstName: null },
        suva,
        payBy,
        null,
        fullFeeDue,
      ),
    }),
    placeEndedEmail: (write) => ({
      "hold lapsed": write(toMere, suva, "hold"),
      "offer lapsed, name unknown": write({ ...toJosaia, firstName: null }, nadi, "offer"),
      "confirmed hold not reviewed in time": write(toMere, suva, "review"),
    }),
    placeMovedEmail: (write) => ({
      "held, with its calendar file": write(toMere, lautoka, "held", calendarMoved),
      "offered, with its calendar file": write(toMere, lautoka, "offered", calendarMoved),
      "confirmed, with its calendar file": write(toMere, lautoka, "confirmed", calendarMoved),
      "waitlisted, no calendar file": write(toJosaia, nadi, "waitlisted", null),
      "a first place for an any-date application": write(toJosaia, nadi, "held", {
        ...calendar,
        sequence: 0,
      }),
    }),
  }),

  emailModule("server/training/hold-emails.ts", holdEmails, {
    ipBurstStaffNote: (write) => ({
      "four places from one address": write(
        STAFF,
        {
          ip: "203.0.113.45",
          windowHours: 1,
          places: [0, 1, 2, 3].map((n) => ({
            ...heldMere,
            email: `mere.tuilau+${n + 1}@gmail.com`,
            since: new Date(heldMere.since.getTime() + n * 600_000),
          })),
        },
        DASHBOARD,
      ),
    }),
    holdsWaitingList: (write) => ({
      "one confirmed hold, one not": write(
        STAFF,
        [heldMere, { ...heldJosaia, lapsesAt: null }],
        3,
        DASHBOARD,
      ),
      "a single hold": write(STAFF, [heldJosaia], 3, DASHBOARD),
    }),
    holdLapseSoonEmail: (write) => ({
      "with a first name": write(mere.email, "Mere", heldMere),
      "no name known": write(josaia.email, null, heldJosaia),
    }),
    holdLapseSoonStaffNote: (write) => ({ "lapses in two days": write(STAFF, heldMere, DASHBOARD) }),
  }),

  emailModule("server/sms/text-cap-email.ts", textCapEmail, {
    textCapEmail: (write) => ({
      "the cap reached, texts waiting": write(STAFF, 500, 12, DASHBOARD),
      "one text waiting": write(STAFF, 500, 1, DASHBOARD),
    }),
  }),

  emailModule("server/training/applicant-emails.ts", applicantEmails, {
    placeCancelledEmail: (write) => ({
      "part refunded": write(toMere, suva, { paidCents: 30_000, refundCents: 15_000 }, PUBLIC_URL),
      "paid, nothing refunded": write(toMere, suva, { paidCents: 10_000, refundCents: 0 }, PUBLIC_URL),
      "nothing paid, name unknown": write(
        { ...toJosaia, firstName: null },
        nadi,
        { paidCents: 0, refundCents: 0 },
        PUBLIC_URL,
      ),
    }),
  }),

  emailModule("server/payments/emails.ts", paymentEmails, {
    formatFijiDate: notAnEmail("a date as the payment e-mails write it"),
    paymentReceipt: (write) => {
      const card = {
        to: "survey@lautokaengineering.com.fj",
        firstName: "Vilimone",
        amountCents: 5_000,
        periodStart: new Date("2026-05-03T00:00:00Z"),
        periodEnd: new Date("2026-06-03T00:00:00Z"),
        number: "B4F2A7C1-0007",
        portalUrl: `${PUBLIC_URL}/portal`,
      };
      return {
        "with an invoice number, named": write(card),
        "without one, name unknown": write({ ...card, number: null, firstName: null }),
      };
    },
    paymentFailedEmail: (write) => ({
      "renewal, name unknown": write(toSubscriber, 5_000, `${PUBLIC_URL}/portal`),
      "renewal, named": write({ ...toSubscriber, firstName: "Vilimone" }, 5_000, `${PUBLIC_URL}/portal`),
    }),
    cardChangeStaffNote: (write) => {
      const until = new Date("2026-07-03T00:00:00Z");
      return {
        "refunded in full, no access left": write(cardChange),
        "partly refunded": write({
          ...cardChange,
          change: "card.partially_refunded",
          refundedCents: 2_000,
          accessUntil: until,
        }),
        "disputed, status known": write({
          ...cardChange,
          change: "card.disputed",
          refundedCents: 0,
          dispute: { id: "du_1PqR7sT", status: "needs_response" },
        }),
        "dispute won, status unknown": write({
          ...cardChange,
          change: "card.dispute_won",
          refundedCents: 0,
          dispute: { id: "du_1PqR7sT", status: null },
          accessUntil: until,
        }),
        "dispute lost": write({
          ...cardChange,
          change: "card.dispute_lost",
          refundedCents: 0,
          dispute: { id: "du_1PqR7sT", status: "lost" },
        }),
      };
    },
    walletReceipt: (write) => ({
      "named payer, access granted": write(
        walletPaid,
        "priya.chand@outlook.com",
        new Date("2026-07-12T11:59:00Z"),
        PUBLIC_URL,
      ),
      "no name, not matched yet": write(walletAnonymous, "priya.chand@outlook.com", null, PUBLIC_URL),
      "the sandbox card form's payment": write(
        { ...walletPaid, method: "card", reference: "PSR-7QK2M4XBZD", providerTransactionId: null },
        "priya.chand@outlook.com",
        new Date("2026-07-12T11:59:00Z"),
        PUBLIC_URL,
      ),
    }),
    walletStaffNote: (write) => ({
      "credited as access": write(walletPaid, STAFF, new Date("2026-07-12T11:59:00Z")),
      "no address to credit": write(walletAnonymous, STAFF, null),
    }),
    renewalReminder: (write) => ({
      "ends in three days, named": write(
        { email: "priya.chand@outlook.com", firstName: "Priya" },
        new Date("2026-07-12T11:59:00Z"),
        PUBLIC_URL,
      ),
      "ends in three days, name unknown": write(
        { email: "priya.chand@outlook.com", firstName: null },
        new Date("2026-07-12T11:59:00Z"),
        PUBLIC_URL,
      ),
    }),
  }),

  emailModule("server/library/digest-email.ts", digestEmails, {
    digestEmail: (write) => {
      const letter = {
        to: "survey@lautokaengineering.com.fj",
        firstName: "Vilimone" as string | null,
        monthLabel: "May 2026",
        portalUrl: `${PUBLIC_URL}/portal`,
        unsubscribe: {
          page: `${PUBLIC_URL}/unsubscribe?token=57.Vb3kQ9`,
          oneClick: `${PUBLIC_URL}/api/digest/unsubscribe?token=57.Vb3kQ9`,
        },
      };
      return {
        "new and updated documents": write({
          ...letter,
          documents: [
            { title: "CAAF Part 101 Operations Manual Template", category: "Templates", change: "new" },
            { title: "Pre-flight Checklist (Multirotor)", category: "Checklists", change: "new" },
            { title: "Cyclone Season Flight Risk Assessment", category: "Safety", change: "updated" },
          ],
        }),
        "updated documents only, name unknown": write({
          ...letter,
          firstName: null,
          documents: [{ title: "Night Operations Guide", category: "Guides", change: "updated" }],
        }),
      };
    },
  }),

  emailModule("server/certificates/emails.ts", certificateEmails, {
    reviewLinkOf: notAnEmail("the link to write a review as a verified trainee"),
    certificateEmail: (write) => ({
      "issued, with an expiry": write(certificate, pdf, PUBLIC_URL),
      "reissued, without an expiry": write(
        { ...certificate, version: 2, expiresOn: null },
        pdf,
        PUBLIC_URL,
        true,
      ),
    }),
    revokedEmail: (write) => ({ revoked: write(certificate, "2026-08-03", PUBLIC_URL) }),
  }),

  emailModule("server/staff/invite-emails.ts", inviteEmails, {
    inviteEmail: (write) => {
      const invite = {
        to: "litia.koroi@pacificskyrpas.com.fj",
        invitedBy: "Adi Vasiti",
        link: `${PUBLIC_URL}/staff/invite?token=Tq4mZ8xR2vLp`,
        expiresAt: new Date("2026-06-18T04:30:00Z"),
      };
      return {
        "as staff": write({ ...invite, role: "staff" }),
        "as an owner": write({ ...invite, role: "owner" }),
      };
    },
  }),

  emailModule("server/staff/sign-in-emails.ts", signInEmails, {
    signInPausedEmail: (write) => {
      const paused = {
        to: "litia.koroi@pacificskyrpas.com.fj",
        username: "litia",
        failures: 14,
        addresses: 9,
        windowMinutes: 15,
        at: new Date("2026-06-18T04:30:00Z"),
        owner: false,
        otherOwners: [
          { username: "vasiti", email: "vasiti@pacificskyrpas.com.fj" },
          { username: "ops", email: null },
        ],
      };
      return {
        "staff, two owners to ask": write(paused),
        "staff, one owner without an e-mail": write({
          ...paused,
          addresses: 1,
          otherOwners: [{ username: "ops", email: null }],
        }),
        "staff, no owner to ask": write({ ...paused, otherOwners: [] }),
        "the only owner": write({
          ...paused,
          to: "vasiti@pacificskyrpas.com.fj",
          username: "vasiti",
          owner: true,
          otherOwners: [],
        }),
      };
    },
  }),

  emailModule("server/settings/payee-change-email.ts", payeeChangeEmails, {
    maskAccountNumber: notAnEmail("masks an account number for payeeChangeEmail"),
    payeeChanges: notAnEmail("lists the changed payee fields for payeeChangeEmail"),
    payeeChangeEmail: (write) => {
      const change = {
        to: "adi.vasiti@pacificskyrpas.com.fj",
        companyName: "Pacific Sky RPAS",
        changedBy: "litia",
        changedAt: new Date("2026-06-15T22:40:00Z"),
        dashboardUrl: DASHBOARD,
      };
      return {
        "bank account, no name known": write({
          ...change,
          firstName: null,
          changes: ["Bank: Example Bank of Fiji → BSP", "Account number: •••• 5521 → •••• 8899"],
        }),
        "M-PAiSA number, to a named owner": write({
          ...change,
          firstName: "Adi",
          changes: ["M-PAiSA merchant number: •••• 4567 → •••• 4321"],
        }),
      };
    },
  }),
];

/** One e-mail of the samples: which function of which module wrote it, in which case. */
export interface SampleEmail {
  /** Stable while the function and case keep their names: "signInEmail.to-my-training". */
  id: string;
  file: string;
  template: string;
  variant: string;
  message: EmailMessage;
}

/** The e-mails one exported function writes in the samples (none for a piece that is not an e-mail). */
export function variantsOf(module: EmailModule, name: string): SampleEmail[] {
  const sample = module.samples[name];
  if (typeof sample !== "function") return [];
  const write = (module.namespace as Record<string, unknown>)[name] as never;
  return Object.entries((sample as Variants<never>)(write)).map(([variant, message]) => ({
    id: `${name}.${variant
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`,
    file: module.file,
    template: name,
    variant,
    message,
  }));
}

/** Every e-mail of the samples, module by module, in the order they are written above. */
export function sampleEmails(): SampleEmail[] {
  return EMAIL_MODULES.flatMap((module) =>
    Object.keys(module.samples).flatMap((name) => variantsOf(module, name)),
  );
}
