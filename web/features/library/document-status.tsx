// A document's publish state as staff read it: "Published", "Scheduled for 1 Dec 2026, 9:30 am" (Fiji time), "Draft".
import { PUBLISH_STATUS_LABELS, type StaffDocument } from "@shared/library";
import { Badge } from "@/components/ui/badge";
import { formatFijiDateTime } from "@/features/staff/format";

export function statusText(document: Pick<StaffDocument, "status" | "publishAt">): string {
  if (document.status === "scheduled" && document.publishAt)
    return `Scheduled for ${formatFijiDateTime(String(document.publishAt))}`;
  return PUBLISH_STATUS_LABELS[document.status];
}

const VARIANTS = { published: "success", scheduled: "accent", draft: "secondary" } as const;

export function DocumentStatus({ document }: { document: StaffDocument }) {
  return <Badge variant={VARIANTS[document.status]}>{statusText(document)}</Badge>;
}
