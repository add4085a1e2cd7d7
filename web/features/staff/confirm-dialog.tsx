import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { PendingButton } from "@/components/ui/pending-button";

/**
 * Open state for a ConfirmDialog; `finish` closes it after the action succeeded and moves the focus to the list
 * (the row is gone), while `setOpen(false)` closes it with the focus back on the trigger.
 */
export function useConfirmDialog() {
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  function finish() {
    done.current = true;
    setOpen(false);
  }
  return { open, setOpen, done, finish };
}

/**
 * A mutation that a ConfirmDialog asks for: on success the dialog closes with the focus on the list, then the
 * options' onSuccess runs. `confirm` is what binds the dialog to it: `<ConfirmDialog {...action.confirm} ... />`.
 */
export function useConfirmAction<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
) {
  const dialog = useConfirmDialog();
  const mutation = useMutation({
    ...options,
    onSuccess: async (...args) => {
      dialog.finish();
      await options.onSuccess?.(...args);
    },
  });
  return { ...mutation, dialog, confirm: { dialog, pending: mutation.isPending } };
}

interface ConfirmDialogProps {
  dialog: ReturnType<typeof useConfirmDialog>;
  pending: boolean;
  /** The row's button: icon, visible label and a screen-reader part naming the row. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  confirmVariant?: ButtonProps["variant"];
  /** The row's button style; an outline unless the action is the row's main one. */
  triggerVariant?: ButtonProps["variant"];
  onConfirm: () => void;
  /** Inputs the action needs (an amount, a receipt number), between the description and the buttons. */
  children?: ReactNode;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { dialog, pending } = props;
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogFrame
      open={dialog.open}
      onOpenChange={(next) => !pending && dialog.setOpen(next)}
      trigger={
        <Button ref={triggerRef} size="sm" variant={props.triggerVariant ?? "outline"}>
          {props.trigger}
        </Button>
      }
      title={props.title}
      description={props.description}
      content={{
        onCloseAutoFocus: (event) => {
          // A finished action takes its row (and this trigger) away, so focus would fall to the page:
          // keep it on the list.
          if (!dialog.done.current) return;
          event.preventDefault();
          triggerRef.current?.closest<HTMLElement>('[role="region"]')?.focus();
        },
      }}
    >
      {props.children}
      <DialogActions closeDisabled={pending}>
        <PendingButton
          variant={props.confirmVariant}
          onClick={props.onConfirm}
          pending={pending}
          pendingText={props.pendingLabel}
        >
          {props.confirmLabel}
        </PendingButton>
      </DialogActions>
    </DialogFrame>
  );
}
