// The e-mails read as their readers read them, against what the site does today (docs/product.md): the application
// e-mail tells of the seat held, the address to confirm and the fee paid online after an offer; the sign-in code names
// the place it signs in to; every e-mail greets "Bula {first name}," or "Bula,"; a change of dates carries the
// place's calendar file again with the same UID and the next SEQUENCE; and no e-mail shows the seeded example
// company's phone or addresses once the owner's Settings hold others.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPANY, type Company, SEEDED_COMPANY } from "../../../shared/company";
import { enrollmentConfirmation, enrollmentSummary, signInEmail } from "../../intake/emails";
import { paymentFailedEmail, walletReceipt } from "../../payments/emails";
import { placeUid } from "../../training/applicant-calendar";
import { intakeCancelledEmail, intakeChangedEmail, placeMovedEmail } from "../../training/emails";
import { placeConfirmedEmail } from "../../training/fee-emails";
import type { EmailMessage } from "./mailer";
import { EMAIL_MODULES, type Variants } from "./samples";

const PUBLIC_URL = "https://www.pacificskyrpas.com.fj";
const intake = {
  courseType: "basic" as const,
  startDate: "2026-07-13",
  endDate: "2026-07-17",
  location: "Suva",
  feeCents: 30_000,
  depositCents: 10_000,
  dailyStart: "08:30",
  dailyEnd: "16:30",
  venueAddress: "",
  mapUrl: "",
  whatToBring: "Photo ID",
};
const moved = { ...intake, startDate: "2026-08-10", endDate: "2026-08-14", location: "Lautoka" };
const mere = { email: "mere.tuilau@gmail.com", firstName: "Mere" };
const application = enrollmentSummary(1042, "basic", {
  firstName: "Mere",
  lastName: "Tuilau",
  email: mere.email,
});
const confirmUrl = `${PUBLIC_URL}/my-training/confirm?token=1042.1783641600.Zm9vYmFy`;

/** Every sample e-mail, written now (so with COMPANY as it is at this moment). */
function everySample(): { label: string; message: EmailMessage }[] {
  return EMAIL_MODULES.flatMap((module) =>
    Object.entries(module.samples).flatMap(([name, sample]) => {
      if (typeof sample !== "function") return [];
      const write = (module.namespace as Record<string, unknown>)[name] as never;
      return Object.entries((sample as Variants<never>)(write)).map(([variant, message]) => ({
        label: `${name}: ${variant}`,
        message,
      }));
    }),
  );
}

/** The calendar files of an e-mail, unfolded (a long .ics line continues on the next after a space). */
function calendarsOf(message: EmailMessage): string[] {
  return (message.attachments ?? [])
    .filter((file) => file.contentType.startsWith("text/calendar"))
    .map((file) =>
      Buffer.from(file.contentBase64, "base64")
        .toString("utf8")
        .replace(/\r?\n[ \t]/g, ""),
    );
}

const property = (ics: string, name: string) => ics.match(new RegExp(`^${name}:(.*)$`, "m"))?.[1]?.trim();

describe("the application e-mail", () => {
  const held = { outcome: "held", position: null, intake } as const;

  it("with a seat held: tells of the seat, the address to confirm and the fee paid online after an offer", () => {
    const { text } = enrollmentConfirmation(application, held, confirmUrl);
    expect(text.startsWith("Bula Mere,\n")).toBe(true);
    expect(text).toContain("A seat is held for you in this intake");
    expect(text).toContain("Confirm your e-mail address");
    expect(text).toContain(`Confirm your e-mail address here:\n${confirmUrl}\n`);
    expect(text).toContain("we e-mail you an offer of the place");
    expect(text).toContain("pay online by card or M-PAiSA");
    expect(text).toContain("deposit of FJD 100.00");
    expect(text).toContain(`${PUBLIC_URL}/my-training\n`);
    expect(text).not.toMatch(/invoice/i);
    expect(text).not.toMatch(/agree a course date/i);
  });

  it("on the waitlist: its place in line, and the offer when a place comes free", () => {
    const { text } = enrollmentConfirmation(
      application,
      { outcome: "waitlisted", position: 2, intake },
      confirmUrl,
    );
    expect(text).toContain("number 2 on its waitlist");
    expect(text).toContain("When a place comes free, we e-mail you an offer");
    expect(text).not.toMatch(/invoice|agree a course date|A seat is held/i);
  });

  it('with "Any upcoming date": no seat yet, staff put the applicant in an intake, then the offer and paying online', () => {
    const { text } = enrollmentConfirmation(
      application,
      { outcome: "none", position: null, intake: null },
      confirmUrl,
    );
    expect(text).toContain('you chose "Any upcoming date"');
    expect(text).toContain("We put you in an upcoming intake of this course and e-mail you its dates.");
    expect(text).toContain("pay online");
    expect(text).not.toContain("Confirm your e-mail address");
    expect(text).not.toMatch(/invoice|agree a course date|A seat is held/i);
  });
});

describe("the sign-in code", () => {
  const link = `${PUBLIC_URL}/sign-in/confirm?token=q8Vn2kLp0sTzX4mR`;

  it("asked for at /my-training says My training, not Document Portal", () => {
    const { text } = signInEmail(mere, "590137", link, "my-training");
    expect(text).toContain("sign in to My training");
    expect(text).not.toContain("Document Portal");
    expect(text.startsWith("Bula Mere,\n")).toBe(true);
  });

  it("asked for at the portal says Document Portal", () => {
    const { text } = signInEmail({ email: "a@example.fj", firstName: null }, "482913", link, "portal");
    expect(text).toContain("Document Portal");
    expect(text).not.toContain("My training");
    expect(text.startsWith("Bula,\n")).toBe(true);
  });
});

describe("every e-mail", () => {
  const samples = everySample();

  it.each(samples)("$label greets 'Bula {first name},' or 'Bula,'", ({ message }) => {
    expect(message.text).toMatch(/^Bula( [^\s,]+)?,\n\n/);
  });

  it("greets by the first name when one is known, and by the first word of a full one", () => {
    const greetings = samples.map(({ message }) => message.text.split("\n")[0] ?? "");
    expect(greetings).toContain("Bula Mere,");
    expect(greetings).toContain("Bula Priya,"); // the wallet payer's "Priya Chand"
    expect(greetings).toContain("Bula,");
    expect(greetings.filter((line) => /Hello/.test(line))).toEqual([]);
  });
});

describe("a change of dates carries the place's calendar file again", () => {
  const earlier = { seatId: 311, sequence: 0, publicUrl: PUBLIC_URL };
  const [first] = calendarsOf(placeConfirmedEmail(mere, { ...intake, id: 14 } as never, earlier));

  it("the place-moved e-mail: the same UID, SEQUENCE one more, the new dates", () => {
    const message = placeMovedEmail(mere, moved, "confirmed", { ...earlier, sequence: 1 });
    const [ics] = calendarsOf(message);
    expect(first && ics).toBeTruthy();
    expect(property(ics ?? "", "UID")).toBe(property(first ?? "", "UID"));
    expect(property(ics ?? "", "UID")).toBe(placeUid(311, PUBLIC_URL));
    expect(Number(property(ics ?? "", "SEQUENCE"))).toBe(Number(property(first ?? "", "SEQUENCE")) + 1);
    expect(property(ics ?? "", "DTSTART;TZID=Pacific/Fiji")).toBe("20260810T083000");
    expect(message.text).toContain("The calendar file attached");
  });

  it("a waitlist place, which has no event, gets no file", () => {
    expect(calendarsOf(placeMovedEmail(mere, moved, "waitlisted", null))).toEqual([]);
  });

  it("an intake's new dates: the same UID with the next SEQUENCE; a cancelled intake: METHOD:CANCEL", () => {
    const [changed] = calendarsOf(intakeChangedEmail(mere, intake, moved, { ...earlier, sequence: 2 }));
    expect(property(changed ?? "", "UID")).toBe(placeUid(311, PUBLIC_URL));
    expect(property(changed ?? "", "SEQUENCE")).toBe("2");
    const cancelled = intakeCancelledEmail(mere, intake, [], { ...earlier, sequence: 3 });
    const [ics] = calendarsOf(cancelled);
    expect(property(ics ?? "", "METHOD")).toBe("CANCEL");
    expect(property(ics ?? "", "STATUS")).toBe("CANCELLED");
    expect(property(ics ?? "", "UID")).toBe(placeUid(311, PUBLIC_URL));
    expect(property(ics ?? "", "SEQUENCE")).toBe("3");
    expect(cancelled.attachments?.[0]?.contentType).toContain("method=CANCEL");
  });
});

describe("with the owner's own company details in Settings", () => {
  const saved: Company = JSON.parse(JSON.stringify(COMPANY));
  const owners: Partial<Company> = {
    name: "Bula Drones",
    phones: [
      { label: "Office", display: "+679 345 6789", tel: "+6793456789" },
      { label: "Mobile", display: "+679 912 3456", tel: "+6799123456" },
    ],
    emails: [
      { label: "General enquiries", address: "hello@buladrones.com.fj" },
      { label: "Training", address: "learn@buladrones.com.fj" },
    ],
    supportEmail: "help@buladrones.com.fj",
  };
  beforeEach(() => {
    Object.assign(COMPANY, JSON.parse(JSON.stringify(owners)));
  });
  afterEach(() => {
    Object.assign(COMPANY, saved);
  });

  const seeded = [
    ...SEEDED_COMPANY.phones.map((phone) => phone.display),
    ...SEEDED_COMPANY.emails.map((email) => email.address),
    SEEDED_COMPANY.supportEmail,
  ];

  it("no e-mail shows the seeded example's phone or addresses", () => {
    for (const { label, message } of everySample()) {
      const read = [message.subject, message.text, message.replyTo ?? "", ...calendarsOf(message)].join("\n");
      expect(
        seeded.filter((literal) => read.includes(literal)),
        label,
      ).toEqual([]);
    }
  });

  it("the e-mails sign with the owner's details, and payment questions go to the support address", () => {
    const receipt = walletReceipt(
      {
        reference: "PSR-7QK2M4XBZD",
        method: "qr",
        name: "Priya Chand",
        amountCents: 5_000,
        providerTransactionId: null,
      },
      "priya.chand@outlook.com",
      new Date("2026-07-12T11:59:00Z"),
      PUBLIC_URL,
    );
    expect(receipt.text).toContain("+679 345 6789 · hello@buladrones.com.fj");
    expect(receipt.text).toContain("help@buladrones.com.fj");
    expect(receipt.replyTo).toBe("help@buladrones.com.fj");
    expect(paymentFailedEmail(mere, 5_000, `${PUBLIC_URL}/portal`).replyTo).toBe("help@buladrones.com.fj");
    expect(enrollmentConfirmation(application).replyTo).toBe("learn@buladrones.com.fj");
  });
});
