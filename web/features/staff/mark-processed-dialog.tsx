// 'Mark as Processed' with optional notes, offered only on pending enrollments: processed is final.
import type { AdminEnrollment } from "@shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { IconLabel } from "@/components/ui/icon-label";
import { Textarea } from "@/components/ui/input";
import { adminApi, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog, useConfirmDialog } from "./confirm-dialog";
import { failureToast } from "./failure-toast";
import { courseTitle, fullName } from "./format";

const NOTES_MAX = 2000;

export function MarkProcessedDialog({ enrollment }: { enrollment: AdminEnrollment }) {
  const queryClient = useQueryClient();
  const dialog = useConfirmDialog();
  const [notes, setNotes] = useState("");
  const notesId = `processing-notes-${enrollment.id}`;

  const mark = useMutation({
    mutationFn: () => adminApi.markProcessed(enrollment.id, notes),
    onSuccess: async () => {
      dialog.setOpen(false);
      setNotes("");
      toast({ title: "Enrollment marked as processed" });
      await invalidate.enrollments(queryClient);
    },
    onError: failureToast("Failed to update enrollment"),
  });

  return (
    <ConfirmDialog
      dialog={dialog}
      pending={mark.isPending}
      triggerVariant="default"
      trigger={<IconLabel icon={CheckCircle2}>Mark as Processed</IconLabel>}
      title="Mark as Processed"
      description={`${fullName(enrollment)}'s application for ${courseTitle(enrollment.courseType)} moves out of Pending. This cannot be undone.`}
      confirmLabel="Confirm"
      pendingLabel="Saving..."
      onConfirm={() => mark.mutate()}
    >
      <Field
        id={notesId}
        label="Notes"
        optional
        hint={`For the team, e.g. how and when you contacted the applicant. Up to ${NOTES_MAX} characters.`}
      >
        <Textarea
          id={notesId}
          value={notes}
          maxLength={NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
          aria-describedby={`${notesId}-hint`}
        />
      </Field>
    </ConfirmDialog>
  );
}
