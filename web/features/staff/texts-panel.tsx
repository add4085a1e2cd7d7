// The texts sent to applicants (issue 34), beside the e-mail queue: each with its kind, the number masked, where it
// stands (waiting, sent, failed, dropped) and what the provider last said of its delivery, when it may go (quiet
// hours) and when it went. A code's body is never shown. While today's cap on SMS parts is reached, a notice says
// so: the texts still waiting go tomorrow from 08:00.
import { useQuery } from "@tanstack/react-query";
import { MessageSquareWarning } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { type AdminText, adminQueries, type TextFilter } from "@/features/staff/api";
import { formatFijiDateTime } from "./format";
import { ItemCard } from "./item-card";
import { PagedSection } from "./paged-section";

const FILTERS = [
  { value: "all", label: "All" },
  { value: "pending", label: "Waiting" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
  { value: "dropped", label: "Dropped" },
] as const satisfies readonly { value: TextFilter; label: string }[];

const STATUS_TEXT: Record<AdminText["status"], string> = {
  pending: "Waiting",
  sent: "Sent",
  failed: "Failed",
  dropped: "Dropped",
};

const KIND_TEXT: Record<string, string> = {
  code: "Number check code",
  held: "Seat held",
  offer: "Offer",
  "waitlist-offer": "Waitlist offer",
  confirmed: "Place confirmed",
  reminder: "Course reminder",
  "balance-reminder": "Balance reminder",
  certificate: "Certificate issued",
  "one-off": "Text from staff",
};

export function TextsPanel() {
  return (
    <div className="grid gap-6">
      <TextCapNotice />
      <PagedSection
        title="Texts"
        noun="texts"
        filters={FILTERS}
        query={(status, page) => adminQueries.texts({ status, ...page })}
        emptyText={(status) => (status === "all" ? "No texts yet." : "No texts here.")}
        renderItem={(text) => <TextCard text={text} />}
      />
    </div>
  );
}

function TextCapNotice() {
  const cap = useQuery(adminQueries.textCap());
  if (!cap.data?.reached) return null;
  const { cap: parts, waiting } = cap.data;
  return (
    <div
      role="status"
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        Today's limit of {parts} SMS parts is reached. {waiting} {waiting === 1 ? "text waits" : "texts wait"}{" "}
        and will go tomorrow from 08:00 Fiji time. To raise the limit, set SMS_DAILY_SEGMENT_CAP and restart
        the site.
      </p>
    </div>
  );
}

function TextCard({ text }: { text: AdminText }) {
  const kind = KIND_TEXT[text.kind] ?? text.kind;
  const title = text.name ? `${kind}: ${text.name}` : kind;
  const parts = `${text.segments} ${text.segments === 1 ? "part" : "parts"}`;
  return (
    <ItemCard
      title={title}
      meta={
        <p className="mt-1 break-words text-sm text-slate-600">
          To {text.to} by {text.channel === "whatsapp" ? "WhatsApp" : "SMS"} · {parts} · queued{" "}
          {formatFijiDateTime(text.createdAt)}
          {text.status === "pending" && ` · goes from ${formatFijiDateTime(text.notBefore)}`}
          {text.sentAt && ` · sent ${formatFijiDateTime(text.sentAt)}`}
          {text.deliveryStatus && ` · delivery: ${text.deliveryStatus}`}
        </p>
      }
      actions={
        <Badge
          variant={text.status === "failed" ? "warning" : text.status === "sent" ? "success" : "secondary"}
        >
          {STATUS_TEXT[text.status]}
        </Badge>
      }
    >
      {text.body && (
        <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">{text.body}</p>
      )}
      {text.lastError && text.status !== "sent" && (
        <p className="mt-3 break-words text-sm text-red-700">Last problem: {text.lastError}</p>
      )}
    </ItemCard>
  );
}
