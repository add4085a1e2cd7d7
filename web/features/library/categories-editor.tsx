// The library's categories, in the order the portal's filter lists them: rename one in place, move it up or down,
// add one at the end, delete one that no document uses (the server refuses the others with its reason).
import type { Category } from "@shared/library";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { TextField } from "@/components/ui/text-field";
import { httpStatus, serverMessage } from "@/features/staff/api";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { ListStatus } from "@/features/staff/list-status";
import { StaffSection } from "@/features/staff/staff-section";
import { toast } from "@/lib/use-toast";
import { invalidateLibrary, libraryApi, libraryQueries } from "./api";

/** A failed call's message for the editor's one alert (a 401 is the session guard's to handle). */
function failureOf(error: unknown, fallback: string): string | undefined {
  return httpStatus(error) === 401 ? undefined : (serverMessage(error) ?? fallback);
}

function DeleteCategory({
  category,
  onFailure,
}: {
  category: Category;
  onFailure: (message?: string) => void;
}) {
  const queryClient = useQueryClient();
  const remove = useConfirmAction({
    mutationFn: () => libraryApi.deleteCategory(category.id),
    onSuccess: async () => {
      toast({ title: "Category deleted", description: category.name });
      await invalidateLibrary.categories(queryClient);
    },
    onError: (error) => {
      remove.dialog.setOpen(false);
      onFailure(failureOf(error, "The category could not be deleted."));
    },
  });
  return (
    <ConfirmDialog
      {...remove.confirm}
      trigger={
        <>
          <Trash2 aria-hidden="true" />
          <span className="sr-only">Delete {category.name}</span>
        </>
      }
      title="Delete this category?"
      description={`${category.name} is removed from the portal's filter.`}
      confirmLabel="Delete category"
      pendingLabel="Deleting..."
      confirmVariant="destructive"
      onConfirm={() => remove.mutate()}
    />
  );
}

function CategoryRow({
  category,
  index,
  count,
  onMove,
  moving,
  onFailure,
}: {
  category: Category;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  moving: boolean;
  onFailure: (message?: string) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(category.name);
  const rename = useMutation({
    mutationFn: () => libraryApi.renameCategory(category.id, name),
    onSuccess: async (saved) => {
      onFailure(undefined);
      toast({ title: "Category renamed", description: saved.name });
      await invalidateLibrary.categories(queryClient);
    },
    onError: (error) => onFailure(failureOf(error, "The category could not be renamed.")),
  });
  const inputId = `category-${category.id}-name`;
  return (
    <li aria-label={category.name} className="flex flex-wrap items-center gap-2 px-4 py-3">
      <label htmlFor={inputId} className="sr-only">
        Name of {category.name}
      </label>
      <Input
        id={inputId}
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
        className="w-auto min-w-48 flex-1"
      />
      <span className="w-28 text-xs text-slate-600">
        {category.documentCount} {category.documentCount === 1 ? "document" : "documents"}
      </span>
      <PendingButton
        size="sm"
        variant="outline"
        pending={rename.isPending}
        disabled={rename.isPending || name.trim() === category.name}
        onClick={() => rename.mutate()}
      >
        Rename<span className="sr-only"> {category.name}</span>
      </PendingButton>
      <Button
        size="sm"
        variant="outline"
        disabled={moving || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden="true" />
        <span className="sr-only">Move {category.name} up</span>
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={moving || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden="true" />
        <span className="sr-only">Move {category.name} down</span>
      </Button>
      <DeleteCategory category={category} onFailure={onFailure} />
    </li>
  );
}

export function CategoriesEditor() {
  const queryClient = useQueryClient();
  const categories = useQuery(libraryQueries.categories());
  const [failure, setFailure] = useState<string>();
  const [newName, setNewName] = useState("");
  const rows = categories.data ?? [];

  const reorder = useMutation({
    mutationFn: (ids: number[]) => libraryApi.reorderCategories(ids),
    onSuccess: async () => {
      setFailure(undefined);
      await invalidateLibrary.categories(queryClient);
    },
    onError: (error) => setFailure(failureOf(error, "The order could not be saved.")),
  });
  const add = useMutation({
    mutationFn: (name: string) => libraryApi.addCategory(name),
    onSuccess: async (saved) => {
      setFailure(undefined);
      setNewName("");
      toast({ title: "Category added", description: saved.name });
      await invalidateLibrary.categories(queryClient);
    },
    onError: (error) => setFailure(failureOf(error, "The category could not be added.")),
  });

  function move(from: number, to: number) {
    const ids = rows.map((category) => category.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder.mutate(ids);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!add.isPending) add.mutate(newName);
  }

  return (
    <StaffSection
      id="library-categories"
      title="Categories"
      intro="The portal's category filter lists them in this order."
    >
      <FormAlert boxed message={failure} />
      <ListStatus
        isPending={categories.isPending}
        isError={categories.isError}
        isEmpty={rows.length === 0}
        noun="categories"
        emptyText="No categories yet."
        onRetry={() => categories.refetch()}
      />
      {rows.length > 0 && (
        <Card asChild>
          <ol aria-label="Categories" className="divide-y divide-slate-100">
            {rows.map((category, index) => (
              <CategoryRow
                // The name field starts from the saved name again after a rename elsewhere.
                key={`${category.id}-${category.name}`}
                category={category}
                index={index}
                count={rows.length}
                onMove={move}
                moving={reorder.isPending}
                onFailure={setFailure}
              />
            ))}
          </ol>
        </Card>
      )}
      <Form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          id="new-category-name"
          label="New category"
          maxLength={100}
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          fieldClassName="min-w-64"
        />
        <PendingButton
          type="submit"
          variant="outline"
          pending={add.isPending}
          icon={<Plus aria-hidden="true" />}
        >
          Add category
        </PendingButton>
      </Form>
    </StaffSection>
  );
}
