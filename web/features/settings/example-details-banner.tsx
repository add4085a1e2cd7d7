// Shown on the dashboard while the company's details are still the seeded examples (.example e-mail addresses that
// bounce, invented phone numbers): the public pages would show them to customers (ADR 036).
import { companyOf } from "@shared/company-settings";
import { companyIsExample } from "@shared/site-details";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { trainingQueries } from "@/features/training/staff-api";
import { COMPANY_DETAILS_TITLE_ID } from "./company-details-form";
import { scrollToAndFocus } from "./show-when-rendered";

export function ExampleDetailsBanner({ onOpenSettings }: { onOpenSettings: () => void }) {
  const settings = useQuery(trainingQueries.settings());
  if (!settings.data || !companyIsExample(companyOf(settings.data.company))) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Your company details are still the examples the site was built with: customers see invented phone
          numbers and e-mail addresses that cannot receive mail. Set the real ones in Settings.
        </span>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          onOpenSettings();
          scrollToAndFocus(COMPANY_DETAILS_TITLE_ID);
        }}
      >
        Open Settings
      </Button>
    </div>
  );
}
