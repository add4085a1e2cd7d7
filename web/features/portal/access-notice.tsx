// What the portal tells a signed-in subscriber about their access: open until when and what it is made of, or why
// downloads are closed and what to do.

import { SUBSCRIPTION } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import type { AccessGrant } from "@shared/portal";
import { GRANT_SOURCE_LABELS } from "@shared/portal-access";
import { BadgeCheck, CircleAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { NewTabHint } from "@/features/portal/portal-header-actions";
import { formatAccessEnd, type PortalUser } from "@/features/portal/use-portal-user";
import { cn } from "@/lib/utils";

const PRICE = formatFjd(SUBSCRIPTION.priceCents, "public");

/** A subscriber's confirmation that downloads are open, and until when. */
export function AccessNotice({ user }: { user: PortalUser }) {
  const end = user.subscription?.currentPeriodEnd;
  return (
    <div className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 sm:p-5">
      <BadgeCheck className="mt-0.5 size-5 shrink-0 text-green-800" aria-hidden="true" />
      <div className="text-sm leading-relaxed text-slate-800">
        <p className="font-semibold text-green-900">Your subscription is active.</p>
        <p className="mt-1">
          Download any document in the library below.
          {end && <> Access until {formatAccessEnd(end)}.</>}
        </p>
        {user.subscription?.status === "past_due" && (
          <p className="mt-1 font-medium text-amber-900">
            Your last card payment did not go through: update your card to keep your access after that date.
          </p>
        )}
        <AccessSources grants={user.subscription?.grants ?? []} />
      </div>
    </div>
  );
}

/** What the access is made of, in the order it runs: each payment or grant with its own dates. */
function AccessSources({ grants }: { grants: AccessGrant[] }) {
  if (grants.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="font-medium text-slate-900">Your access is made of:</p>
      <ul aria-label="Your access" className="mt-1 list-disc space-y-0.5 pl-5">
        {grants.map((grant) => (
          <li key={`${grant.source}-${grant.sourceRef}`}>
            {GRANT_SOURCE_LABELS[grant.source]}
            {grant.source === "wallet" && ` (${grant.sourceRef})`}: {formatAccessEnd(grant.start)} to{" "}
            {formatAccessEnd(grant.end)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why a signed-in visitor cannot download, in their terms. */
function inactiveReason(user: PortalUser): string {
  const subscription = user.subscription;
  if (!subscription) return `${user.email} has no subscription yet.`;
  const end = subscription.currentPeriodEnd;
  // A failed renewal says what to do about it before it says when access ended.
  if (subscription.status === "past_due")
    return "Your last card payment did not go through: update your card under Manage subscription and we will try again.";
  if (end && Date.parse(end) <= Date.now()) return `Your access ended on ${formatAccessEnd(end)}.`;
  if (subscription.status === "incomplete") return "We have not received your latest payment yet.";
  return "Your subscription has been cancelled.";
}

/** Signed in, but no current subscription: the buttons stay locked, and this says why and what to do. */
export function InactiveNotice({ user }: { user: PortalUser }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div className="text-sm leading-relaxed text-slate-800">
          <p className="font-semibold text-slate-900">Your subscription is not active.</p>
          <p className="mt-1">
            {inactiveReason(user)} Subscribe for {PRICE} a month to download every document.
          </p>
        </div>
      </div>
      <a
        href="/subscribe"
        target="_blank"
        rel="noopener"
        className={cn(buttonVariants({ variant: "default" }), "shrink-0")}
      >
        Subscribe
        <NewTabHint />
      </a>
    </div>
  );
}
