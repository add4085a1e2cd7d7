// The Content view's generic editor: a section's value as form controls, laid out by the shape of its seeded value
// (content-value.ts). A text is a text box (a multi-line one when long), a yes-or-no a checkbox, a group a fieldset,
// a list rows that can be added, removed and moved. The form is controlled: every keystroke goes through one
// functional update of the section's value, so nothing typed is lost when the view re-renders or refetches.
import type { ContentValue } from "@shared/content/api";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { createContext, type ReactNode, useContext, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  addItem,
  blankLike,
  type ContentObject,
  controlId,
  isLongText,
  isObject,
  itemLabel,
  itemShape,
  kindOf,
  labelFromKey,
  moveItem,
  removeItem,
  setAt,
  type ValuePath,
} from "./content-value";
import { TestimonialList } from "./testimonial-list";

export type ValueUpdate = (change: (value: ContentValue) => ContentValue) => void;

interface EditorContextValue {
  sectionId: string;
  update: ValueUpdate;
  /** The landing page's testimonials: a client's words stay theirs (testimonial-list.tsx). */
  testimonials: boolean;
}

const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const context = useContext(EditorContext);
  if (!context) throw new Error("A content control outside its ValueEditor");
  return context;
}

/** The section whose testimonials are a client's own words, never rewritten here (issue 32, point 3). */
export const TESTIMONIALS_SECTION = "home.testimonials";

interface ValueEditorProps {
  sectionId: string;
  /** Names the control when the whole value is one text or one list. */
  title: string;
  seeded: ContentValue;
  value: ContentValue;
  onChange: ValueUpdate;
}

export function ValueEditor({ sectionId, title, seeded, value, onChange }: ValueEditorProps) {
  const context = { sectionId, update: onChange, testimonials: sectionId === TESTIMONIALS_SECTION };
  return (
    <EditorContext value={context}>
      {isObject(seeded) ? (
        // The section's heading already names the group: its fields sit directly in the form.
        <GroupFields shape={seeded} value={value} path={[]} />
      ) : (
        <ValueControl shape={seeded} value={value} path={[]} label={title} />
      )}
    </EditorContext>
  );
}

interface NodeProps {
  /** The seeded value at this place, which decides the control; undefined where the seeded value has none. */
  shape: ContentValue | undefined;
  value: ContentValue | undefined;
  path: ValuePath;
  label: string;
}

/** One value's control, chosen by its seeded shape (by its own shape where nothing was seeded there). */
export function ValueControl({ shape, value, path, label }: NodeProps) {
  const kind = kindOf(shape === undefined || shape === null ? value : shape);
  if (kind === "group") {
    return (
      <GroupFieldset legend={label}>
        <GroupFields shape={shape} value={value} path={path} />
      </GroupFieldset>
    );
  }
  if (kind === "list") return <ListControl shape={shape} value={value} path={path} label={label} />;
  if (kind === "boolean") return <CheckboxControl value={value} path={path} label={label} />;
  if (kind === "number") return <NumberControl value={value} path={path} label={label} />;
  return <TextControl shape={shape} value={value} path={path} label={label} />;
}

export function GroupFieldset({
  legend,
  aside,
  children,
}: {
  legend: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {legend}
        {aside}
      </legend>
      {children}
    </fieldset>
  );
}

/** A group's fields: the seeded keys in their order, then any key only the current value has. */
export function GroupFields({
  shape,
  value,
  path,
  hidden = [],
}: {
  shape: ContentValue | undefined;
  value: ContentValue | undefined;
  path: ValuePath;
  /** Keys that are markers, not words (a testimonial's `kind`). */
  hidden?: readonly string[];
}) {
  const seeded: ContentObject = isObject(shape) ? shape : {};
  const current: ContentObject = isObject(value) ? value : {};
  const keys = [...new Set([...Object.keys(seeded), ...Object.keys(current)])].filter(
    (key) => !hidden.includes(key),
  );
  return (
    <div className="grid gap-4">
      {keys.map((key) => (
        <ValueControl
          key={key}
          shape={seeded[key]}
          value={current[key]}
          path={[...path, key]}
          label={labelFromKey(key)}
        />
      ))}
    </div>
  );
}

function TextControl({ shape, value, path, label }: NodeProps) {
  const { sectionId, update } = useEditor();
  const id = controlId(sectionId, path);
  const text = typeof value === "string" ? value : value == null ? "" : String(value);
  const onChange = (next: string) => update((root) => setAt(root, path, next));
  // The box's kind is decided once, by the seeded text and the text at the start: one that grows past 80
  // characters while typed keeps its focus and caret.
  const [long] = useState(() => isLongText(text) || (typeof shape === "string" && isLongText(shape)));
  return (
    <Field id={id} label={label}>
      {long ? (
        <Textarea
          id={id}
          value={text}
          rows={Math.min(12, Math.max(3, Math.ceil(text.length / 90) + text.split("\n").length - 1))}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input id={id} value={text} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

function NumberControl({ value, path, label }: Omit<NodeProps, "shape">) {
  const { sectionId, update } = useEditor();
  const id = controlId(sectionId, path);
  const number = typeof value === "number" ? value : 0;
  // What is typed stays as typed ("1." on the way to "1.5"); the value takes each number it reads as.
  const [text, setText] = useState(String(number));
  if (text.trim() !== "" && Number(text) !== number && Number.isFinite(Number(text))) setText(String(number));
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        inputMode="decimal"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value.trim() !== "" && Number.isFinite(next))
            update((root) => setAt(root, path, next));
        }}
      />
    </Field>
  );
}

function CheckboxControl({ value, path, label }: Omit<NodeProps, "shape">) {
  const { sectionId, update } = useEditor();
  const id = controlId(sectionId, path);
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-brand-700"
        checked={value === true}
        onChange={(event) => {
          const checked = event.target.checked;
          update((root) => setAt(root, path, checked));
        }}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/**
 * Stable keys for a list's rows, moved and removed with them, so a row's controls (and the focus in them) follow the
 * row. A list whose length changed from outside (a reload, "Use the original text") gets fresh keys.
 */
export function useRowKeys(length: number) {
  const counter = useRef(0);
  const fresh = (count: number) => Array.from({ length: count }, () => counter.current++);
  const [keys, setKeys] = useState(() => fresh(length));
  if (keys.length !== length) setKeys(fresh(length));
  return {
    keys: keys.length === length ? keys : fresh(length),
    add: () => setKeys((now) => [...now, counter.current++]),
    remove: (index: number) => setKeys((now) => now.filter((_, i) => i !== index)),
    move: (from: number, to: number) =>
      setKeys((now) => {
        const next = [...now];
        const [moved] = next.splice(from, 1);
        if (moved !== undefined) next.splice(to, 0, moved);
        return next;
      }),
  };
}

/** A list's row operations on the section's value, with its keys kept in step and the focus kept on the row. */
export function useListActions(path: ValuePath, length: number) {
  const { sectionId, update } = useEditor();
  const rows = useRowKeys(length);
  const listId = controlId(sectionId, path);
  const buttonId = (index: number, action: "up" | "down") => `${listId}-${index}-${action}`;
  return {
    listId,
    keys: rows.keys,
    buttonId,
    add: (item: ContentValue) => {
      rows.add();
      update((root) => addItem(root, path, item));
    },
    remove: (index: number) => {
      rows.remove(index);
      update((root) => removeItem(root, path, index));
      // The row and its button are gone: the focus goes to the list itself.
      requestAnimationFrame(() => document.getElementById(listId)?.focus());
    },
    move: (from: number, to: number) => {
      rows.move(from, to);
      update((root) => moveItem(root, path, from, to));
      // The same button on the moved row, or its other one at the end of the list.
      const direction = to < from ? "up" : "down";
      const fallback = direction === "up" ? "down" : "up";
      requestAnimationFrame(() => {
        const same = document.getElementById(buttonId(to, direction));
        const target =
          same && !(same as HTMLButtonElement).disabled
            ? same
            : document.getElementById(buttonId(to, fallback));
        target?.focus();
      });
    },
  };
}

interface RowButtonsProps {
  index: number;
  count: number;
  /** "item 2 of Features", the end of each button's name. */
  rowName: string;
  buttonId: (index: number, action: "up" | "down") => string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

export function RowButtons({ index, count, rowName, buttonId, onMove, onRemove }: RowButtonsProps) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button
        id={buttonId(index, "up")}
        type="button"
        size="icon"
        variant="ghost"
        aria-label={`Move ${rowName} up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        id={buttonId(index, "down")}
        type="button"
        size="icon"
        variant="ghost"
        aria-label={`Move ${rowName} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={() => onRemove(index)}>
        <Trash2 aria-hidden="true" />
        Remove
        <span className="sr-only"> {rowName}</span>
      </Button>
    </div>
  );
}

function ListControl({ shape, value, path, label }: NodeProps) {
  const { testimonials } = useEditor();
  const items = Array.isArray(value) ? value : [];
  const first = itemShape(shape, value);
  if (testimonials && isObject(first)) {
    return <TestimonialList shape={first} items={items} path={path} label={label} />;
  }
  return <EditableList shape={shape} items={items} path={path} label={label} itemShapeValue={first} />;
}

function EditableList({
  shape,
  items,
  path,
  label,
  itemShapeValue,
}: {
  shape: ContentValue | undefined;
  items: ContentValue[];
  path: ValuePath;
  label: string;
  itemShapeValue: ContentValue;
}) {
  const actions = useListActions(path, items.length);
  const seededItems = Array.isArray(shape) ? shape : [];
  const grouped = isObject(itemShapeValue);
  return (
    <fieldset id={actions.listId} tabIndex={-1} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      {items.length === 0 && (
        <p className="text-sm text-slate-600">Nothing in this list: visitors see none.</p>
      )}
      <ol className="grid gap-3">
        {items.map((item, index) => {
          const key = actions.keys[index];
          const rowName = `${itemLabel(index).toLowerCase()} of ${label}`;
          const buttons = (
            <RowButtons
              index={index}
              count={items.length}
              rowName={rowName}
              buttonId={actions.buttonId}
              onMove={actions.move}
              onRemove={actions.remove}
            />
          );
          const itemPath = [...path, index];
          // Each row keeps the shape of its seeded counterpart, else the first seeded item's.
          const rowShape = seededItems[index] ?? itemShapeValue;
          return (
            <li key={key} className={grouped ? "grid gap-2" : "flex flex-wrap items-end gap-2"}>
              {grouped ? (
                <GroupFieldset legend={itemLabel(index)}>
                  <GroupFields shape={rowShape} value={item} path={itemPath} />
                  {buttons}
                </GroupFieldset>
              ) : (
                <>
                  <div className="min-w-48 flex-1">
                    <ValueControl shape={rowShape} value={item} path={itemPath} label={itemLabel(index)} />
                  </div>
                  {buttons}
                </>
              )}
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => actions.add(blankLike(itemShapeValue))}
        >
          <Plus aria-hidden="true" />
          Add item
          <span className="sr-only"> to {label}</span>
        </Button>
      </div>
    </fieldset>
  );
}
