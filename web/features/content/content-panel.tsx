// The dashboard's Content view (issue 32, docs/product.md, Content view): every word, figure and list visitors read,
// by page, each section with its state and its own form; the draft's actions (publish, discard) and the history.
// Staff draft, the owner publishes. Unsaved forms live here, so switching pages keeps what was typed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ListStatus } from "@/features/staff/list-status";
import { StaffSection } from "@/features/staff/staff-section";
import { contentQueries, refreshContent } from "./api";
import { sameValue } from "./content-value";
import { DraftActions } from "./draft-actions";
import { HistoryList } from "./history-list";
import { groupByPage } from "./pages";
import { type SectionEdit, SectionEditor } from "./section-editor";

export function ContentPanel() {
  const queryClient = useQueryClient();
  const content = useQuery(contentQueries.state());
  const [edits, setEdits] = useState<Record<string, SectionEdit>>({});
  const [chosenPage, setChosenPage] = useState<string>();

  function onEdit(id: string, change: (edit: SectionEdit | undefined) => SectionEdit | undefined) {
    setEdits((all) => {
      const { [id]: current, ...others } = all;
      const next = change(current);
      return next === undefined ? others : { ...others, [id]: next };
    });
  }
  async function reload() {
    await content.refetch();
  }
  async function reset() {
    await refreshContent(queryClient);
    setEdits({});
  }

  const state = content.data;
  const groups = state ? groupByPage(state.sections) : [];
  const page = groups.find((group) => group.path === chosenPage) ?? groups[0];
  return (
    <div className="grid gap-10">
      <StaffSection
        id="content"
        title="Content"
        intro="What visitors read on each page. Save your changes as a draft; the owner previews and publishes them."
      >
        <ListStatus
          isPending={content.isPending}
          isError={content.isError}
          isEmpty={groups.length === 0}
          noun="the content"
          emptyText="No editable content."
          onRetry={() => void content.refetch()}
        />
        {state && page && (
          <>
            <DraftActions state={state} onReload={reload} onReset={reset} />
            <div className="flex flex-wrap items-center gap-2">
              <Label htmlFor="content-page">Page to edit</Label>
              <NativeSelect
                id="content-page"
                value={page.path}
                onChange={(event) => setChosenPage(event.target.value)}
                className="w-auto max-w-full"
              >
                {groups.map((group) => {
                  const waiting = group.sections.filter((section) =>
                    state.unpublished.includes(section.id),
                  ).length;
                  const unsaved = group.sections.filter((section) => isDirty(edits[section.id])).length;
                  const notes = [
                    waiting > 0 ? `${waiting} not yet published` : "",
                    unsaved > 0 ? `${unsaved} with unsaved changes` : "",
                  ].filter(Boolean);
                  return (
                    <option key={group.path} value={group.path}>
                      {group.name}
                      {notes.length > 0 ? ` (${notes.join(", ")})` : ""}
                    </option>
                  );
                })}
              </NativeSelect>
            </div>
            <section aria-labelledby="content-page-title" className="grid gap-4">
              <div>
                <h3 id="content-page-title" className="text-lg font-semibold text-slate-900">
                  {page.name}
                </h3>
                {page.path && <p className="text-sm text-slate-600">{page.path}</p>}
              </div>
              {page.sections.map((section) => (
                <SectionEditor
                  key={section.id}
                  section={section}
                  state={state}
                  edit={edits[section.id]}
                  onEdit={onEdit}
                  onReload={reload}
                />
              ))}
            </section>
          </>
        )}
      </StaffSection>
      {state && <HistoryList state={state} onReload={reload} onReset={reset} />}
    </div>
  );
}

const isDirty = (edit: SectionEdit | undefined) => edit !== undefined && !sameValue(edit.value, edit.base);
