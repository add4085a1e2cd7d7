// Add a document (its details and its file, uploaded with a progress bar) or edit one's details and publish state in
// a dialog. The shared DocumentMetadataSchema checks the form; the server's refusals (a file whose bytes are not what
// its name says, storage down) show above the buttons in the server's words.
import type { StaffDocument } from "@shared/library";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { Field, FormAlert, fieldAria } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { NativeSelect, Textarea } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { invalidateLibrary, libraryApi, libraryQueries } from "./api";
import {
  type DocumentFormOutput,
  DocumentFormSchema,
  type DocumentFormValues,
  documentFormValues,
} from "./document-form";
import { fileProblem } from "./file-check";
import { FileField, UploadProgress } from "./file-field";
import { PublishFields } from "./publish-fields";

const KINDS = ["Manual", "Regulatory Guide", "Editable Template", "Toolkit", "Procedures", "Checklist"];

export function DocumentDialog({ document }: { document?: StaffDocument }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const categories = useQuery({ ...libraryQueries.categories(), enabled: open }).data ?? [];
  const form = useSchemaForm(DocumentFormSchema, documentFormValues(document));
  const { errors } = form.formState;
  const prefix = `document-${document?.id ?? "new"}`;
  const id = (name: keyof DocumentFormValues) => `${prefix}-${name}`;
  const bind = (name: keyof DocumentFormValues) => ({
    id: id(name),
    error: errors[name]?.message,
    ...form.register(name),
  });

  const save = useMutation({
    mutationFn: (values: DocumentFormOutput) => {
      if (document) return libraryApi.update(document.id, values);
      setProgress(0);
      return libraryApi.create(values, file as File, setProgress);
    },
    onSuccess: async (saved) => {
      setOpen(false);
      toast({ title: document ? "Document saved" : "Document added", description: saved.title });
      await invalidateLibrary.documents(queryClient);
    },
    onError: (error) => {
      if (httpStatus(error) === 401) return;
      form.setError("root", {
        message: serverMessage(error) ?? "The document could not be saved. Please try again.",
      });
    },
    onSettled: () => setProgress(null),
  });

  function submit(values: DocumentFormOutput) {
    if (save.isPending) return;
    if (!document) {
      const problem = fileProblem(file);
      setFileError(problem ?? undefined);
      if (problem) return;
    }
    save.mutate(values);
  }

  function openChange(next: boolean) {
    if (save.isPending) return;
    if (next) {
      form.reset(documentFormValues(document, categories[0]?.id));
      setFile(null);
      setFileError(undefined);
    }
    setOpen(next);
  }

  const categoryError = errors.categoryId?.message;
  return (
    <DialogFrame
      open={open}
      onOpenChange={openChange}
      trigger={
        document ? (
          <Button size="sm" variant="outline">
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only"> {document.title}</span>
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden="true" />
            Add document
          </Button>
        )
      }
      title={document ? "Edit document" : "Add document"}
      description={
        document
          ? "Change what subscribers read about it and when it is published. Replace file uploads a new version."
          : "Subscribers see a published document on the portal at once; a scheduled one at its time."
      }
      content={{ className: "max-w-2xl" }}
    >
      <Form className="grid gap-4" onSubmit={form.handleSubmit(submit)}>
        <TextField label="Title" required maxLength={300} {...bind("title")} />
        <Field id={id("description")} label="Description" required error={errors.description?.message}>
          <Textarea
            id={id("description")}
            required
            maxLength={2000}
            {...form.register("description")}
            {...fieldAria(id("description"), { error: errors.description?.message })}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("categoryId")} label="Category" required error={categoryError}>
            <NativeSelect
              id={id("categoryId")}
              required
              {...form.register("categoryId")}
              {...fieldAria(id("categoryId"), { error: categoryError })}
            >
              <option value="">Choose a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <TextField
            label="Type"
            required
            hint="As the card shows it, e.g. Manual or Editable Template."
            list={`${prefix}-kinds`}
            autoComplete="off"
            maxLength={100}
            {...bind("type")}
          />
          <datalist id={`${prefix}-kinds`}>
            {KINDS.map((kind) => (
              <option key={kind} value={kind} />
            ))}
          </datalist>
        </div>
        <PublishFields form={form} prefix={prefix} published={document?.status === "published"} />
        {!document && (
          <FileField
            id={`${prefix}-file`}
            label="File"
            error={fileError}
            disabled={save.isPending}
            onChange={(chosen) => {
              setFile(chosen);
              setFileError(undefined);
            }}
          />
        )}
        <UploadProgress share={progress} />
        <FormAlert boxed message={errors.root?.message} />
        <DialogActions closeDisabled={save.isPending}>
          <PendingButton type="submit" pending={save.isPending} pendingText="Saving...">
            {document ? "Save document" : "Upload document"}
          </PendingButton>
        </DialogActions>
      </Form>
    </DialogFrame>
  );
}
