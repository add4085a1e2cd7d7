// The answer to a certificate check, rendered by the server into the verification page (server/certificates/
// verify-routes.ts through web/entry-live.tsx); the browser never renders it, it adopts the served HTML. Shows only
// what a checker needs: never the holder's e-mail, phone, birth date or address, nor why a certificate was revoked.
import { formatCalendarDate } from "@shared/calendar-dates";
import type { PublicCertificate, VerifyAnswer } from "@shared/certificates";
import { STATUS_LABELS } from "@shared/certificates";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { DescriptionList } from "@/components/ui/description-list";
import { cn } from "@/lib/utils";

const TITLE_ID = "verify-answer-title";

/** "Valid", or the status with its date: "Expired on 5 March 2027", "Revoked on …", "Replaced on …". */
export function statusLine(certificate: PublicCertificate): string {
  const label = STATUS_LABELS[certificate.status];
  const date = {
    valid: null,
    expired: certificate.expiresOn,
    revoked: certificate.revokedOn,
    replaced: certificate.replacedOn,
  }[certificate.status];
  return date ? `${label} on ${formatCalendarDate(date)}` : label;
}

const STATUS_TITLES: Record<PublicCertificate["status"], string> = {
  valid: "Valid certificate",
  expired: "Expired certificate",
  revoked: "Revoked certificate",
  replaced: "Replaced certificate",
};

const STATUS_NOTES: Record<PublicCertificate["status"], string> = {
  valid: "This certificate is genuine and valid.",
  expired: "This certificate is genuine but no longer valid: it has expired.",
  revoked: "This certificate was withdrawn by its issuer and is no longer valid.",
  replaced:
    "A corrected version of this certificate was issued, which replaces this one: ask the holder for the current certificate.",
};

const STATUS_STYLES: Record<PublicCertificate["status"], string> = {
  valid: "border-green-700 bg-green-50 text-green-900",
  expired: "border-amber-600 bg-amber-50 text-amber-950",
  revoked: "border-red-700 bg-red-50 text-red-900",
  replaced: "border-slate-500 bg-slate-100 text-slate-900",
};

function AnswerCard({ title, tone, children }: { title: string; tone?: string; children: ReactNode }) {
  return (
    <Card asChild className={cn("border-l-4 p-6", tone)}>
      <section aria-labelledby={TITLE_ID}>
        <h2 id={TITLE_ID} className="text-xl font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function FoundCertificate({ certificate }: { certificate: PublicCertificate }) {
  const rows: [string, ReactNode][] = [
    ["Status", statusLine(certificate)],
    ["Holder", certificate.holderName],
    ["Certificate", certificate.title],
    ["Certificate number", certificate.number],
    ["Issued by", certificate.issuer],
    ["Issue date", formatCalendarDate(certificate.issuedOn)],
    ["Expiry date", certificate.expiresOn ? formatCalendarDate(certificate.expiresOn) : "Does not expire"],
  ];
  return (
    <AnswerCard title={STATUS_TITLES[certificate.status]} tone={STATUS_STYLES[certificate.status]}>
      <p className="mt-1 text-sm">{STATUS_NOTES[certificate.status]}</p>
      <DescriptionList
        rows={rows}
        className="mt-5 grid gap-3 sm:grid-cols-2"
        classes={{
          item: "grid gap-0.5",
          term: "text-xs font-semibold uppercase tracking-wide text-slate-700",
          detail: "text-base text-slate-900 break-words",
        }}
      />
    </AnswerCard>
  );
}

export function VerifyAnswerView({ answer }: { answer: VerifyAnswer }) {
  switch (answer.kind) {
    case "found":
      return <FoundCertificate certificate={answer.certificate} />;
    case "not-found":
      return (
        <AnswerCard title="No certificate found" tone={STATUS_STYLES.revoked}>
          <p className="mt-2 text-sm">
            No certificate matches these details. Check the certificate number and the holder's surname as
            printed on the certificate, or scan its QR code again. If it still cannot be found,{" "}
            <a href="/#contact" className="font-semibold underline underline-offset-2">
              contact us
            </a>
            .
          </p>
        </AnswerCard>
      );
    case "invalid":
      return (
        <AnswerCard title="Check your entry" tone={STATUS_STYLES.expired}>
          <p className="mt-2 text-sm">{answer.message}</p>
        </AnswerCard>
      );
    case "rate-limited":
      return (
        <AnswerCard title="Too many checks" tone={STATUS_STYLES.expired}>
          <p className="mt-2 text-sm">
            Too many certificate checks came from your network. Please try again in a minute.
          </p>
        </AnswerCard>
      );
  }
}
