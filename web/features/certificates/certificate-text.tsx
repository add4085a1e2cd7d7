// How a certificate reads on the staff and applicant screens: its status as a badge, its dates, its PDF link.

import { formatCalendarDate } from "@shared/calendar-dates";
import { type CertificateStatus, STATUS_LABELS } from "@shared/certificates";
import { Download } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";
import type { Certificate } from "./api";

const STATUS_VARIANTS: Record<CertificateStatus, "success" | "warning" | "outline" | "secondary"> = {
  valid: "success",
  expired: "warning",
  revoked: "outline",
  replaced: "secondary",
};

export function StatusBadge({ status }: { status: CertificateStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** "2 March 2026", or that it does not expire. */
export const expiryText = (certificate: Pick<Certificate, "expiresOn">) =>
  certificate.expiresOn ? formatCalendarDate(certificate.expiresOn) : "Does not expire";

/** "PSR-B-2026-0042 (version 2)": later versions say which they are. */
export const numberText = (certificate: Pick<Certificate, "number" | "version">) =>
  certificate.version > 1 ? `${certificate.number} (version ${certificate.version})` : certificate.number;

/** Not revoked and not replaced: the version a holder carries, which staff can reissue or revoke. */
export const isCurrent = (certificate: Pick<Certificate, "status">) =>
  certificate.status === "valid" || certificate.status === "expired";

/**
 * The PDF as a plain download link: the browser saves it with the session cookie. `detail` finishes its name for
 * screen readers where several sit in one list.
 */
export function PdfLink({ href, detail }: { href: string; detail?: string }) {
  return (
    <a href={href} download className={buttonVariants({ variant: "outline", size: "sm" })}>
      <IconLabel icon={Download} detail={detail}>
        Download PDF
      </IconLabel>
    </a>
  );
}
