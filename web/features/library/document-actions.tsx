// A Library row's buttons: edit the details and publishing, replace the file, see and restore versions, delete.
import type { StaffDocument } from "@shared/library";
import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { FormAlert } from "@/components/ui/field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toast } from "@/lib/use-toast";
import { invalidateLibrary, libraryApi } from "./api";
import { DocumentDialog } from "./document-dialog";
import { ReplaceFileDialog } from "./replace-file-dialog";
import { VersionsDialog } from "./versions-dialog";

function DeleteDocument({ document }: { document: StaffDocument }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const remove = useConfirmAction({
    mutationFn: () => libraryApi.remove(document.id),
    onSuccess: async () => {
      toast({ title: "Document deleted", description: document.title });
      await invalidateLibrary.documents(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      setFailure(serverMessage(error) ?? "The document could not be deleted. Please try again.");
    },
  });
  return (
    <ConfirmDialog
      {...remove.confirm}
      trigger={
        <>
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only"> {document.title}</span>
        </>
      }
      title="Delete this document?"
      description={`${document.title} and all ${document.versions} of its file versions are removed for good; subscribers can no longer download it. Its download history goes too.`}
      confirmLabel="Delete document"
      pendingLabel="Deleting..."
      confirmVariant="destructive"
      onConfirm={() => {
        setFailure(undefined);
        remove.mutate();
      }}
    >
      <FormAlert boxed message={failure} />
    </ConfirmDialog>
  );
}

export function DocumentActions({ document }: { document: StaffDocument }) {
  return (
    <div className="flex flex-wrap gap-2">
      <DocumentDialog document={document} />
      <ReplaceFileDialog document={document} />
      <VersionsDialog document={document} />
      <DeleteDocument document={document} />
    </div>
  );
}
