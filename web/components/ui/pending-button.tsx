import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button";

type PendingButtonProps = ButtonProps & {
  /** While true the button is disabled (unless `disabled` says otherwise) and shows a spinner in place of `icon`. */
  pending: boolean;
  /** The icon before the text while not pending. */
  icon?: ReactNode;
  /** The text while pending, e.g. "Saving..."; without it the text stays the same. */
  pendingText?: ReactNode;
};

/** A button for an action that takes a moment: a spinner and, optionally, other text while it runs. */
export function PendingButton({
  pending,
  icon,
  pendingText,
  disabled,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <Button disabled={disabled ?? pending} {...props}>
      {pending ? (
        <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        icon
      )}
      {pending && pendingText !== undefined ? pendingText : children}
    </Button>
  );
}
