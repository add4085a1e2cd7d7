// Shown on the dashboard while no staff notification address is in use (ADR 044): the setting is empty, the server
// has no STAFF_EMAIL and no owner account has an e-mail, so new enquiries and applications reach nobody's inbox.
import { NOBODY_TOLD_WARNING } from "@shared/staff-notifications";
import { useQuery } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useIsOwner } from "@/features/staff-accounts/use-owner";
import { trainingQueries } from "@/features/training/staff-api";
import { scrollToAndFocus } from "./show-when-rendered";
import { STAFF_EMAIL_FIELD_ID } from "./staff-email-form";

export function StaffNotificationsBanner({ onOpenSettings }: { onOpenSettings: () => void }) {
  const settings = useQuery(trainingQueries.settings());
  const owner = useIsOwner();
  if (!settings.data || settings.data.staffNotifications) return null;
  const openField = () => {
    onOpenSettings();
    scrollToAndFocus(STAFF_EMAIL_FIELD_ID);
  };
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex gap-2">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {NOBODY_TOLD_WARNING}
          {owner ? "" : " Only an owner can save it."}
        </span>
      </p>
      <Button type="button" variant="outline" size="sm" onClick={openField}>
        Set the notification e-mail
      </Button>
    </div>
  );
}
