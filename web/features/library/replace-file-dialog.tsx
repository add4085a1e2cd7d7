// Replace a document's file: the upload becomes its new current version; the earlier ones stay (Versions restores).
import type { StaffDocument } from "@shared/library";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { PendingButton } from "@/components/ui/pending-button";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { invalidateLibrary, libraryApi } from "./api";
import { fileProblem } from "./file-check";
import { FileField, UploadProgress } from "./file-field";

export function ReplaceFileDialog({ document }: { document: StaffDocument }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);

  const replace = useMutation({
    mutationFn: (chosen: File) => {
      setProgress(0);
      return libraryApi.replaceFile(document.id, chosen, setProgress);
    },
    onSuccess: async (saved) => {
      setOpen(false);
      toast({ title: "File replaced", description: `${saved.title}: version ${saved.currentVersion}` });
      await invalidateLibrary.documents(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      setFailure(serverMessage(error) ?? "The file could not be uploaded. Please try again.");
    },
    onSettled: () => setProgress(null),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (replace.isPending) return;
    const problem = fileProblem(file);
    setFileError(problem ?? undefined);
    setFailure(undefined);
    if (!problem && file) replace.mutate(file);
  }

  function openChange(next: boolean) {
    if (replace.isPending) return;
    if (next) {
      setFile(null);
      setFileError(undefined);
      setFailure(undefined);
    }
    setOpen(next);
  }

  return (
    <DialogFrame
      open={open}
      onOpenChange={openChange}
      trigger={
        <Button size="sm" variant="outline">
          <Upload aria-hidden="true" />
          Replace file
          <span className="sr-only"> of {document.title}</span>
        </Button>
      }
      title="Replace file"
      description={`${document.title}: subscribers get the new file from now on. Version ${document.currentVersion ?? 1} and the earlier ones stay under Versions.`}
    >
      <Form className="grid gap-4" onSubmit={submit}>
        <FileField
          id={`replace-${document.id}-file`}
          label="New file"
          error={fileError}
          disabled={replace.isPending}
          onChange={(chosen) => {
            setFile(chosen);
            setFileError(undefined);
          }}
        />
        <UploadProgress share={progress} />
        <FormAlert boxed message={failure} />
        <DialogActions closeDisabled={replace.isPending}>
          <PendingButton type="submit" pending={replace.isPending} pendingText="Uploading...">
            Upload new version
          </PendingButton>
        </DialogActions>
      </Form>
    </DialogFrame>
  );
}
