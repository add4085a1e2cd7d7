// The frame of the public forms (contact, review, enrollment): the form itself (checked by our own code, not the
// browser's bubbles), the long-text field, and the hidden honeypot with the send and Clear buttons.

import type { NativeForm } from "@shared/form-post";
import Send from "lucide-react/icons/send";
import type { ComponentProps, FormEventHandler, ReactNode, Ref } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Textarea } from "@/components/ui/input";
import { preloadToaster } from "@/components/ui/toaster-host";
import { Honeypot } from "@/lib/submission";
import { ClearDraft } from "./clear-draft";
import { NativeFormFields } from "./native-form-fields";

/**
 * A form named by its heading; the page's own checks and messages replace the browser's (noValidate). `onInput`
 * hears every edit (the draft's save). The toaster is fetched at the first focus, while the connection is there, for
 * a failure toast that may come without one.
 */
export function PublicForm({
  id,
  labelledBy,
  onSubmit,
  onInput,
  gap = "gap-5",
  native,
  children,
}: {
  /** The form's id: its first render reads what was typed into it before its script ran (web/lib/typed-values.ts). */
  id: string;
  labelledBy: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onInput: () => void;
  gap?: "gap-5" | "gap-8";
  /** Which form this is, when the server also takes it posted without script (contact, enrollment). */
  native?: NativeForm;
  children: ReactNode;
}) {
  return (
    <Form
      id={id}
      onSubmit={onSubmit}
      onInput={onInput}
      onFocus={preloadToaster}
      aria-labelledby={labelledBy}
      className={`relative grid ${gap}`}
    >
      {native && <NativeFormFields form={native} />}
      {children}
    </Form>
  );
}

type TextareaBinding = Pick<ComponentProps<typeof Textarea>, "name" | "value" | "onChange">;

/** A required multi-line field (the message, the review text). */
export function LongTextField({
  id,
  label,
  rows,
  placeholder,
  ...binding
}: { id: string; label: string; rows: number; placeholder: string } & TextareaBinding) {
  return (
    <Field id={id} label={label} required>
      <Textarea id={id} rows={rows} required placeholder={placeholder} {...binding} />
    </Field>
  );
}

/** The honeypot that bots fill in, then the send button and the draft's Clear. */
export function SendRow({
  honeypotId,
  honeypotRef,
  disabled,
  draft,
  children,
}: {
  honeypotId: string;
  honeypotRef: Ref<HTMLInputElement>;
  disabled?: boolean;
  draft: { clear: () => void; restored: boolean };
  children: ReactNode;
}) {
  return (
    <>
      <Honeypot id={honeypotId} inputRef={honeypotRef} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={disabled} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {children}
        </Button>
        <ClearDraft onClear={draft.clear} restored={draft.restored} />
      </div>
    </>
  );
}
