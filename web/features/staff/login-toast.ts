// The "Login Successful" toast (docs/product.md, Staff sign-in) is shown by the sign-in page and lives on into the
// dashboard it leads to. It keeps its usual 5 seconds, but the person's first click or key press on the dashboard
// dismisses it (anywhere but on the toast), so it never sits over a control they are reaching for.
import { useEffect } from "react";
import { dismiss, toast } from "@/lib/use-toast";

let loginToastId: string | null = null;

export function showLoginToast(): void {
  loginToastId = toast({ title: "Login Successful", description: "Redirecting to admin dashboard..." }).id;
}

/** On the dashboard: the sign-in toast goes at the person's first action there. */
export function useLoginToastGoesOnFirstAction(): void {
  useEffect(() => {
    const id = loginToastId;
    if (id === null) return;
    const done = (event: Event) => {
      const target = event.target;
      // F8 goes to the toasts (TOAST.hotkey), and a click or key on a toast is about the toast.
      if (event instanceof KeyboardEvent && event.key === "F8") return;
      if (target instanceof Element && target.closest("[data-toast-viewport]")) return;
      dismiss(id);
      loginToastId = null;
      stop();
    };
    const stop = () => {
      document.removeEventListener("pointerdown", done, true);
      document.removeEventListener("keydown", done, true);
    };
    document.addEventListener("pointerdown", done, true);
    document.addEventListener("keydown", done, true);
    return stop;
  }, []);
}
