// The landing page's testimonials in the Content view. A client's review featured with their consent is their own
// words: shown as written, with only "Remove" (and its place in the order). The shipped sample testimonials (kind
// "sample", or no kind: the section's seeded entries) are marked "Sample" and can be reworded or removed. There is no "Add": a new testimonial comes from a client's review
// whose author agreed to have it featured (Reviews view).
import type { ContentValue } from "@shared/content/api";
import { Badge } from "@/components/ui/badge";
import { DescriptionList } from "@/components/ui/description-list";
import { type ContentObject, isObject, labelFromKey, textsOf, type ValuePath } from "./content-value";
import { GroupFields, GroupFieldset, RowButtons, useListActions } from "./value-editor";

/** Markers and references, not words a visitor reads. */
const HIDDEN_KEYS = ["kind", "id", "reviewId"] as const;

interface TestimonialListProps {
  shape: ContentObject;
  items: ContentValue[];
  path: ValuePath;
  label: string;
}

export function TestimonialList({ shape, items, path, label }: TestimonialListProps) {
  const actions = useListActions(path, items.length);
  return (
    <fieldset id={actions.listId} tabIndex={-1} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <p className="text-sm text-slate-600">
        A client's review appears here once they agreed to have it featured and staff featured it in the
        Reviews view. Their words stay as they wrote them.
      </p>
      {items.length === 0 && <p className="text-sm text-slate-600">No testimonials: the page shows none.</p>}
      <ol className="grid gap-3">
        {items.map((item, index) => {
          const entry = isObject(item) ? item : {};
          const name = testimonialName(entry, index);
          const buttons = (
            <RowButtons
              index={index}
              count={items.length}
              rowName={`testimonial ${index + 1} (${name})`}
              buttonId={actions.buttonId}
              onMove={actions.move}
              onRemove={actions.remove}
            />
          );
          return (
            <li key={actions.keys[index]}>
              {entry.kind === "review" ? (
                <article
                  aria-label={`Testimonial ${index + 1}: review by ${name}`}
                  className="grid gap-3 rounded-lg border border-slate-200 p-4"
                >
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                    Testimonial {index + 1}
                    <Badge variant="secondary">Client review</Badge>
                  </p>
                  <DescriptionList
                    rows={wordsOf(entry)}
                    className="grid gap-2 text-sm"
                    classes={{
                      item: "grid gap-0.5",
                      term: "font-medium text-slate-700",
                      detail: "text-slate-900",
                    }}
                  />
                  {buttons}
                </article>
              ) : (
                <GroupFieldset
                  legend={`Testimonial ${index + 1}`}
                  aside={
                    <Badge variant="warning" className="ml-2">
                      Sample
                    </Badge>
                  }
                >
                  <GroupFields shape={shape} value={entry} path={[...path, index]} hidden={HIDDEN_KEYS} />
                  {buttons}
                </GroupFieldset>
              )}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

/** The author's name where the entry has one, else its place. */
function testimonialName(entry: ContentObject, index: number): string {
  const name = entry.name ?? entry.author;
  return typeof name === "string" && name.trim() ? name : `testimonial ${index + 1}`;
}

/** A review's words as written, field by field. */
function wordsOf(entry: ContentObject): [string, string][] {
  return Object.entries(entry)
    .filter(([key]) => !(HIDDEN_KEYS as readonly string[]).includes(key))
    .map(([key, value]) => [labelFromKey(key), textsOf(value).join(", ")] as [string, string])
    .filter(([, text]) => text !== "");
}
