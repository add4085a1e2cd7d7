// 'Mark as Processed' with optional notes, offered only on pending enrollments: processed is final.
import type { AdminEnrollment } from "@shared/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { adminApi, httpStatus, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { courseTitle, fullName } from "./format";

const NOTES_MAX = 2000;

export function MarkProcessedDialog({ enrollment }: { enrollment: AdminEnrollment }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState("");
  const notesId = `processing-notes-${enrollment.id}`;

  const mark = useMutation({
    mutationFn: () => adminApi.markProcessed(enrollment.id, notes),
    onSuccess: async () => {
      setOpen(false);
      setNotes("");
      toast({ title: "Enrollment marked as processed" });
      await invalidate.enrollments(queryClient);
    },
    onError: (error) => {
      // A 401 ends the session: the dashboard is already on its way to /admin.
      if (httpStatus(error) === 401) return;
      toast({ title: "Error", description: "Failed to update enrollment", variant: "destructive" });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!mark.isPending) mark.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mark.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm">
          <CheckCircle2 aria-hidden="true" />
          Mark as Processed
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={handleSubmit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Mark as Processed</DialogTitle>
            <DialogDescription>
              {fullName(enrollment)}'s application for {courseTitle(enrollment.courseType)} moves out of
              Pending. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={mark.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <PendingButton type="submit" pending={mark.isPending} pendingText="Saving...">
              Confirm
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
