// The e-mail queue as staff need it: messages the mail server would not take after every retry (with its last
// answer) and a Resend for each, plus what is waiting and what went out. A sign-in e-mail is shown masked and has no
// Resend: its code or link is not for staff eyes, and the person simply asks for a new one. Under the queue, every
// template can be previewed with sample data (email-previews.tsx).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { IconLabel } from "@/components/ui/icon-label";
import { type AdminEmail, adminApi, adminQueries, invalidate, type OutboxStatus } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { EmailPreviews } from "./email-previews";
import { toastFailure } from "./failure-toast";
import { formatFijiDateTime } from "./format";
import { ItemCard } from "./item-card";
import { PagedSection } from "./paged-section";

const FILTERS = [
  { value: "failed", label: "Failed" },
  { value: "pending", label: "Waiting" },
  { value: "sent", label: "Sent" },
] as const satisfies readonly { value: OutboxStatus; label: string }[];

export function OutboxPanel() {
  return (
    <div className="grid gap-10">
      <PagedSection
        title="E-mail"
        noun="e-mails"
        filters={FILTERS}
        query={(status, page) => adminQueries.outbox({ status, ...page })}
        emptyText={(status) =>
          status === "failed" ? "No failed e-mails. Everything was delivered." : "No e-mails here."
        }
        renderItem={(email) => <EmailCard email={email} />}
      />
      <EmailPreviews />
    </div>
  );
}

function EmailCard({ email }: { email: AdminEmail }) {
  return (
    <ItemCard
      title={email.subject}
      meta={
        <p className="mt-1 break-all text-sm text-slate-600">
          To {email.to} · queued {formatFijiDateTime(email.createdAt)}
          {email.sentAt && ` · sent ${formatFijiDateTime(email.sentAt)}`} · {email.attempts}{" "}
          {email.attempts === 1 ? "try" : "tries"}
        </p>
      }
      actions={email.status === "failed" && !email.sensitive ? <ResendButton email={email} /> : null}
    >
      {email.lastError && email.status !== "sent" && (
        <p className="mt-3 break-words text-sm text-red-700">Mail server said: {email.lastError}</p>
      )}
      {email.sensitive && email.status === "failed" && (
        <p className="mt-3 text-sm text-slate-700">
          This e-mail carried a sign-in code or link, so it is not resent: the person can ask for a new code.
        </p>
      )}
    </ItemCard>
  );
}

function ResendButton({ email }: { email: AdminEmail }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => adminApi.resendEmail(email.id),
    onSuccess: async () => {
      toast({ title: "E-mail queued again", description: `It will be sent to ${email.to} in a moment.` });
      await invalidate.outbox(queryClient);
    },
    onError: async (error) => {
      if (!toastFailure("Could not resend the e-mail", error)) return;
      await invalidate.outbox(queryClient);
    },
  });
  return (
    <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
      <IconLabel icon={RotateCw} detail={` the e-mail to ${email.to}`}>
        {resend.isPending ? "Resending..." : "Resend"}
      </IconLabel>
    </Button>
  );
}
