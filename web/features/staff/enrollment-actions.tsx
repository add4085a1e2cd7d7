// The enrollment list's actions: export CSV and sync to Google Sheets (docs/product.md, Staff dashboard > CSV export).
import { SYNC_FAILED, syncSuccessMessage } from "@shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { adminApi, EXPORT_CSV_URL, httpStatus, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { ActionButton } from "./action-button";

export function EnrollmentActions() {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: adminApi.syncGoogleSheets,
    onSuccess: ({ synced }) => toast({ title: syncSuccessMessage(synced) }),
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      toast({ ...SYNC_FAILED, variant: "destructive" });
    },
    // Rows may have been synced before a failure, so the list's sync flags are refreshed either way.
    onSettled: () => invalidate.enrollments(queryClient),
  });

  return (
    <div className="flex flex-wrap gap-2">
      {/* A plain download link: the browser saves the file under the server's dated name, with the session cookie. */}
      <Button asChild variant="outline" size="sm">
        <a href={EXPORT_CSV_URL} download>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </Button>
      <ActionButton action={sync} icon={RefreshCw} pendingText="Syncing...">
        Sync to Google Sheets
      </ActionButton>
    </div>
  );
}
