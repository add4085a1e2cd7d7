// The holder's e-mails about their certificate: issued (the PDF attached, its verification address, a link to
// write a review as a verified trainee), reissued after a correction, and revoked. They go through the outbox,
// queued in the same transaction as the change they tell of.
import { formatCalendarDate, formatIntakeDates } from "../../shared/calendar-dates";
import { COURSES } from "../../shared/constants";
import { firstNameOf, greeting, signature } from "../intake/emails";
import { mailText } from "../integrations/mail/mail-text";
import type { EmailMessage } from "../integrations/mail/mailer";
import { type CertificateValues, holderNameOf, verifyUrlOf } from "./certificate-rows";

/** The review form on the landing page, opened with the token that marks the review as a verified trainee's. */
export const reviewLinkOf = (publicUrl: string, reviewToken: string) =>
  mailText`${publicUrl}/?review=${encodeURIComponent(reviewToken)}#client-reviews`;

function pdfAttachment(row: CertificateValues, pdf: Uint8Array) {
  return {
    filename: mailText`${row.number}.pdf`,
    contentType: "application/pdf",
    contentBase64: Buffer.from(pdf).toString("base64"),
  };
}

function certificateFacts(row: CertificateValues, publicUrl: string): string {
  const expiry = row.expiresOn
    ? mailText`Valid until: ${formatCalendarDate(row.expiresOn)}`
    : "Valid: does not expire";
  return mailText`Certificate: ${row.title}
Holder: ${holderNameOf(row)}
Number: ${row.number}
Course: ${COURSES[row.courseType].title}, ${formatIntakeDates(row)}, ${row.location}
Issued: ${formatCalendarDate(row.issuedOn)}
${expiry}

Anyone (an employer, a client, the regulator) can check it at:
${verifyUrlOf(publicUrl, row.code)}

Or with its number and your surname at:
${publicUrl}/verify`;
}

/** The certificate a pass issued (version 1), or a reissued version (`reissued`), with its PDF. */
export function certificateEmail(
  row: CertificateValues,
  pdf: Uint8Array,
  publicUrl: string,
  reissued = false,
): EmailMessage {
  const opening = reissued
    ? mailText`Your certificate has been reissued (version ${row.version}). The new PDF is attached; it replaces the one we
sent before, whose verification link now shows it as replaced.`
    : mailText`Congratulations on completing the ${COURSES[row.courseType].title} course. Your certificate is attached as a PDF.`;
  const review = reissued
    ? ""
    : mailText`
Would you tell others about the course? Your review will show as written by a verified trainee:
${reviewLinkOf(publicUrl, row.reviewToken)}
`;
  return {
    to: row.email,
    subject: reissued ? mailText`Your reissued ${row.title}` : mailText`Your ${row.title}`,
    text: mailText`${greeting(firstNameOf(row.givenNames))}

${opening}

${certificateFacts(row, publicUrl)}

You can download it again at any time from the My training page:
${publicUrl}/my-training
${review}
${signature()}`,
    attachments: [pdfAttachment(row, pdf)],
  };
}

/** The holder is told of a revocation; the reason stays in the audit log. */
export function revokedEmail(row: CertificateValues, revokedOn: string, publicUrl: string): EmailMessage {
  return {
    to: row.email,
    subject: mailText`Your ${row.title} has been revoked`,
    text: mailText`${greeting(firstNameOf(row.givenNames))}

Your ${row.title} (number ${row.number}) was revoked on ${formatCalendarDate(revokedOn)}. Its verification page
now shows it as revoked:
${verifyUrlOf(publicUrl, row.code)}

If you have questions about this, please contact us: reply to this e-mail or use the details below.

Your training, on the My training page:
${publicUrl}/my-training

${signature()}`,
  };
}
