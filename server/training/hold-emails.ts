// The e-mails that keep seats for real applicants (docs/product.md, "Place limits"): staff's note of a burst of
// places from one IP address, staff's daily list of holds waiting for a decision, and the notice to the applicant
// and to staff that an address-confirmed hold nobody decided on lapses in 48 hours.
import { COURSES } from "../../shared/constants";
import { formatIntakeDates } from "../../shared/training";
import { signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";

/** A place as these e-mails name it: who holds it, in which intake, since when. */
export interface HeldPlace {
  name: string;
  email: string;
  courseType: keyof typeof COURSES;
  startDate: string;
  endDate: string;
  location: string;
  /** When the place was taken. */
  since: Date;
  /** When an unreviewed hold lapses (null: it lapses when its 24-hour hold runs out, or not yet known). */
  lapsesAt: Date | null;
}

const longDateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Pacific/Fiji",
});
const at = (instant: Date) => mailText`${longDateTime.format(instant)} (Fiji time)`;
const course = (place: Pick<HeldPlace, "courseType">) => mailText`${COURSES[place.courseType].title} course`;
const intakeOf = (place: HeldPlace) =>
  mailText`${course(place)}, ${formatIntakeDates(place)}, ${place.location}`;
const greeting = (firstName: string | null) => (firstName ? mailText`Bula ${firstName},` : "Bula,");

/** Staff: more places than usual came from one IP address within an hour; they are flagged, nothing was refused. */
export function ipBurstStaffNote(
  to: string,
  burst: { ip: string; windowHours: number; places: readonly HeldPlace[] },
  dashboardUrl: string,
): EmailMessage {
  const list = burst.places
    .map((place) => mailText`- ${place.name} <${place.email}>: ${intakeOf(place)}, at ${at(place.since)}`)
    .join("\n");
  const hours = burst.windowHours === 1 ? "an hour" : mailText`${burst.windowHours} hours`;
  return {
    to,
    subject: mailText`${burst.places.length} places taken from one IP address within ${hours}`,
    text: mailText`Bula,

${burst.places.length} applications took a place within ${hours} from the IP address ${burst.ip}:

${list}

This can be one person holding seats under several names, or many people behind one office or mobile network, so
nothing was refused. The places are flagged in each intake's list: accept the real applicants and decline the
rest on the dashboard: ${dashboardUrl}

You are told at most once an hour for one address.

${signature()}`,
  };
}

/** Staff's daily list of the holds that have waited longer than `days` for a decision, oldest first. */
export function holdsWaitingList(
  to: string,
  holds: readonly HeldPlace[],
  days: number,
  dashboardUrl: string,
): EmailMessage {
  const list = holds
    .map((place) => {
      const lapses = place.lapsesAt ? mailText`; lapses ${at(place.lapsesAt)}` : "";
      return mailText`- ${place.name} <${place.email}>: ${intakeOf(place)}; held since ${at(place.since)}${lapses}`;
    })
    .join("\n");
  const count = holds.length === 1 ? "1 held seat is" : mailText`${holds.length} held seats are`;
  return {
    to,
    subject: mailText`${count} waiting more than ${days} days for your decision`,
    text: mailText`Bula,

${count} waiting more than ${days} days for staff to accept or decline:

${list}

A hold whose applicant confirmed their address lapses if nobody decides, and its seat goes to the waitlist. Accept
or decline each one on the dashboard: ${dashboardUrl}

${signature()}`,
  };
}

/** The applicant: their hold lapses at `lapsesAt` unless our team decides first. */
export function holdLapseSoonEmail(to: string, firstName: string | null, place: HeldPlace): EmailMessage {
  const lapsesAt = place.lapsesAt ?? place.since;
  return {
    to,
    subject: mailText`Your seat on the ${course(place)} is held until ${longDateTime.format(lapsesAt)}`,
    text: mailText`${greeting(firstName)}

Thank you for confirming your e-mail address. A seat on the ${intakeOf(place)} is held for you while our
training team reviews your application, and we are sorry it is taking longer than usual.

If our team has not offered you the seat by ${at(lapsesAt)}, the hold ends and the seat goes to the next person
waiting for it. Your application stays with us, and you can apply for another date at any time.

If you still want the seat, reply to this e-mail and we will look at your application first.

${signature()}`,
  };
}

/** Staff: an applicant's hold lapses at `lapsesAt` unless someone accepts or declines it first. */
export function holdLapseSoonStaffNote(to: string, place: HeldPlace, dashboardUrl: string): EmailMessage {
  const lapsesAt = place.lapsesAt ?? place.since;
  return {
    to,
    subject: mailText`Decide by ${longDateTime.format(lapsesAt)}: ${place.name}'s held seat, ${course(place)}`,
    text: mailText`Bula,

${place.name} <${place.email}> confirmed their address and has held a seat on the ${intakeOf(place)} since
${at(place.since)}. Nobody has accepted or declined the application yet.

If nobody decides by ${at(lapsesAt)}, the hold lapses, ${place.name} is told, and the seat goes to the first
person on the waitlist. Accept or decline it on the dashboard: ${dashboardUrl}

${signature()}`,
  };
}
