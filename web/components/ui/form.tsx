// Every form the page's script sends: posted to its own page, so a submit the script did not take never puts a field
// in an address (see web/lib/form-hold.ts); our checks and messages replace the browser's bubbles (noValidate).
import { type ComponentProps, useCallback } from "react";
import { useLocation } from "wouter";
import { releaseHeldSubmit, SCRIPT_FORM_ATTRIBUTE } from "@/lib/form-hold";

export function Form({ ref, ...props }: Omit<ComponentProps<"form">, "method" | "action" | "noValidate">) {
  const [path] = useLocation();
  // Once this form is hydrated, its handler takes a submit that was held before.
  const attach = useCallback(
    (form: HTMLFormElement | null) => {
      if (form) queueMicrotask(() => releaseHeldSubmit(form));
      if (typeof ref === "function") ref(form);
      else if (ref) ref.current = form;
    },
    [ref],
  );
  return (
    <form
      ref={attach}
      method="post"
      action={path}
      noValidate
      {...{ [SCRIPT_FORM_ATTRIBUTE]: "" }}
      {...props}
    />
  );
}
