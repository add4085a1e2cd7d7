// One section of the Content view: its state, its form, and "Save draft", "Use the original text" and "Preview".
// The form's value lives in the view (content-panel.tsx), so switching pages or views loses nothing typed. A save
// names the draft revision the view read; when someone else moved the draft meanwhile the server refuses it (409)
// and the section says so, with "Reload" to show their draft in place of the form's (nothing kept silently).
import { STALE_DRAFT_MESSAGE } from "@shared/content/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RotateCcw, Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { PendingButton } from "@/components/ui/pending-button";
import { httpStatus, serverMessage } from "@/lib/api";
import { toast } from "@/lib/use-toast";
import {
  CONTENT,
  type ContentSection,
  type ContentState,
  type ContentValue,
  contentApi,
  isStale,
  refreshContent,
} from "./api";
import { controlId, sameValue, textsOf } from "./content-value";
import { DRAFT_LABEL, PUBLISHED_STATE_LABELS, publishedState } from "./pages";
import { PreviewButton } from "./preview-dialog";
import { StaleAlert } from "./stale-alert";
import { ValueEditor, type ValueUpdate } from "./value-editor";

/** A section's form: what it shows and the draft it started from (to tell "changed here" from "changed there"). */
export interface SectionEdit {
  value: ContentValue;
  base: ContentValue;
}

interface SectionEditorProps {
  section: ContentSection;
  state: ContentState;
  edit: SectionEdit | undefined;
  onEdit: (id: string, change: (edit: SectionEdit | undefined) => SectionEdit | undefined) => void;
  /** Refetches the content; resolves once the view shows the server's draft. */
  onReload: () => Promise<void>;
}

const sectionStateVariant = { sample: "warning", original: "secondary", changed: "success" } as const;

export function SectionEditor({ section, state, edit, onEdit, onReload }: SectionEditorProps) {
  const queryClient = useQueryClient();
  const dirty = edit !== undefined && !sameValue(edit.value, edit.base);
  const value = dirty ? edit.value : section.draft;
  // Someone else's save moved this section's draft under the form's unsaved changes.
  const movedUnder = dirty && !sameValue(edit.base, section.draft);
  const published = publishedState(section);
  const headingId = `${controlId(section.id, [])}-title`;
  const [failure, setFailure] = useState<string>();

  const update: ValueUpdate = (change) =>
    onEdit(section.id, (current) => {
      const start =
        current && !sameValue(current.value, current.base)
          ? current
          : { value: section.draft, base: section.draft };
      return { base: start.base, value: change(start.value) };
    });

  const save = useMutation({
    mutationFn: (next: ContentValue) => contentApi.saveDraft(state.revision, { [section.id]: next }),
    onSuccess: async (saved, next) => {
      // The view's revision moves with this save at once, so the next save (here or in another section) is not
      // refused as stale while the fresh state is on its way.
      queryClient.setQueryData<ContentState>(
        [CONTENT],
        (old) => old && savedInto(old, saved.revision, section.id, next),
      );
      onEdit(section.id, () => undefined);
      await refreshContent(queryClient);
    },
  });
  const stale = save.isError && isStale(save.error);

  async function saveDraft(): Promise<boolean> {
    if (!dirty) return true;
    setFailure(undefined);
    try {
      await save.mutateAsync(value);
      return true;
    } catch (error) {
      // A refused edit (an empty text, a list too long) says why beside the form; a 401 ends the session instead.
      if (!isStale(error) && httpStatus(error) !== 401)
        setFailure(serverMessage(error) ?? "The draft could not be saved. Please try again.");
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    if (await saveDraft())
      toast({ title: "Draft saved", description: `${section.title}: the owner publishes it.` });
  }

  async function reload() {
    await onReload();
    onEdit(section.id, () => undefined);
    setFailure(undefined);
    save.reset();
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="mr-2 text-base font-semibold text-slate-900">
          {section.title}
        </h4>
        <Badge variant={sectionStateVariant[published]}>{PUBLISHED_STATE_LABELS[published]}</Badge>
        {state.unpublished.includes(section.id) && <Badge variant="accent">{DRAFT_LABEL}</Badge>}
        {dirty && <Badge variant="outline">Unsaved changes</Badge>}
      </div>
      <Form className="grid gap-4" onSubmit={(event) => void submit(event)}>
        {usesPlaceholders(section.seeded) && (
          <p className="text-sm text-slate-600">
            {"{company}"} and {"{city}"} show the company's name and city as set in Settings.
          </p>
        )}
        <ValueEditor
          sectionId={section.id}
          title={section.title}
          seeded={section.seeded}
          value={value}
          onChange={update}
        />
        <FormAlert boxed message={failure} />
        {stale || movedUnder ? (
          <StaleAlert
            message={(stale && serverMessage(save.error)) || STALE_DRAFT_MESSAGE}
            onReload={reload}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <PendingButton
            type="submit"
            pending={save.isPending}
            pendingText="Saving..."
            icon={<Save aria-hidden="true" />}
            disabled={!dirty || save.isPending}
          >
            Save draft
            <span className="sr-only"> of {section.title}</span>
          </PendingButton>
          <Button
            type="button"
            variant="outline"
            disabled={sameValue(value, section.seeded)}
            onClick={() => update(() => section.seeded)}
          >
            <RotateCcw aria-hidden="true" />
            Use the original text
            <span className="sr-only"> in {section.title}</span>
          </Button>
          {section.paths[0] !== undefined && (
            <PreviewButton path={section.paths[0]} what={`of ${section.title}`} before={saveDraft} />
          )}
        </div>
      </Form>
    </section>
  );
}

/** The state as it is once `value` is saved as the section's draft at `revision`. */
function savedInto(state: ContentState, revision: number, id: string, value: ContentValue): ContentState {
  const sections = state.sections.map((section) =>
    section.id === id ? { ...section, draft: value } : section,
  );
  const changed = !sameValue(sections.find((section) => section.id === id)?.published, value);
  const others = state.unpublished.filter((entry) => entry !== id);
  return { ...state, revision, sections, unpublished: changed ? [...others, id] : others };
}

const usesPlaceholders = (value: ContentValue) =>
  textsOf(value).some((text) => /\{(company|city)\}/.test(text));
