// Every form the page's script sends: posted to its own page, so a submit the script did not take never puts a field
// in an address (see web/lib/early-input.ts); our checks and messages replace the browser's bubbles (noValidate).
import type { ComponentProps } from "react";
import { useLocation } from "wouter";
import { letGoOfHold, releaseHeldSubmit, SCRIPT_FORM_ATTRIBUTE } from "@/lib/early-input";
import { useHydratedRef } from "@/lib/use-hydrated-ref";

/** Once hydrated, the form's handler takes a submit that was held before (after the fields' own refs have run). */
const sendHeld = (form: HTMLFormElement) => queueMicrotask(() => releaseHeldSubmit(form));

export function Form({
  ref,
  onSubmit,
  ...props
}: Omit<ComponentProps<"form">, "method" | "action" | "noValidate">) {
  const [path] = useLocation();
  const attach = useHydratedRef(ref, sendHeld);
  return (
    <form
      ref={attach}
      method="post"
      action={path}
      noValidate
      {...{ [SCRIPT_FORM_ATTRIBUTE]: "" }}
      {...props}
      onSubmit={(event) => {
        // Hydrated on the spot by this very submit, which the page's inline script held first: this handler sends it.
        letGoOfHold(event.currentTarget);
        onSubmit?.(event);
      }}
    />
  );
}
