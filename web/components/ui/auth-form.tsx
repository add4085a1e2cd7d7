// The parts both sign-in pages (staff at /admin, subscribers at /sign-in) are made of: the card's icon and heading,
// and a step's form with its controls, its one error box and a full-width submit button.

import type { NativeForm } from "@shared/form-post";
import type { FormEventHandler, ReactNode } from "react";
import { NativeFormFields } from "@/components/forms/native-form-fields";
import { Form } from "@/components/ui/form";
import { PendingButton } from "./pending-button";

/** The icon badge and the page's <h1> at the top of a sign-in card. */
export function AuthHeading({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <>
      <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {icon}
      </span>
      <h1 className="mt-4 text-2xl font-bold text-brand-900">{title}</h1>
    </>
  );
}

export interface AuthFormProps {
  /** The form's id: its first render reads what was typed into it before its script ran (web/lib/typed-values.ts). */
  id: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The first focus inside the form (fetching what its check needs). */
  onFocus?: () => void;
  /** The step's error box, between the controls and the button. */
  alert: ReactNode;
  pending: boolean;
  /** The button's icon while not pending. */
  icon?: ReactNode;
  /** The button's text while pending; without it the text stays. */
  pendingText?: string;
  submitText: string;
  /** Under the button (links to another way on). */
  after?: ReactNode;
  /** Which form this is, when the server also takes it posted without script (the subscriber's e-mail step). */
  native?: NativeForm;
  /** The controls. */
  children: ReactNode;
}

export function AuthForm({
  id,
  onSubmit,
  onFocus,
  alert,
  pending,
  icon,
  pendingText,
  submitText,
  after,
  native,
  children,
}: AuthFormProps) {
  return (
    <Form id={id} onSubmit={onSubmit} onFocus={onFocus} className="mt-6 space-y-5">
      {native && <NativeFormFields form={native} />}
      {children}
      {alert}
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={pending}
        icon={icon}
        pendingText={pendingText}
      >
        {submitText}
      </PendingButton>
      {after}
    </Form>
  );
}
