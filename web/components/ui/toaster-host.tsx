// Radix Toast costs ~13 KB gzipped; most visits never show a toast. The host stays tiny and loads the real
// <Toaster/> the first time any code calls toast() (or a visitor starts on a form: preloadToaster), then keeps it
// mounted. Offline the module may never come: the toasts then show as plain text, so a form sent without a
// connection can still say so (docs/product.md, Forms that survive the connection).
import { TOAST } from "@shared/toast-settings";
import { type ComponentType, useEffect, useState } from "react";
import { dismiss, type ToastItem, useToasts } from "@/lib/use-toast";

let loading: Promise<ComponentType> | null = null;

function loadToaster(): Promise<ComponentType> {
  loading ??= import("./toaster").then(
    (mod) => mod.Toaster,
    (error: unknown) => {
      loading = null; // Tried again at the next toast.
      throw error;
    },
  );
  return loading;
}

/** Fetches the toaster while the connection is there, for a failure toast that may come without one. */
export function preloadToaster(): void {
  loadToaster().catch(() => {});
}

export function ToasterHost() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);

  // Each new toast tries again while the module has not come.
  useEffect(() => {
    if (toasts.length === 0 || Toaster) return;
    loadToaster().then(
      (loaded) => setToaster(() => loaded),
      () => setFailed(true),
    );
  }, [toasts, Toaster]);

  if (Toaster) return <Toaster />;
  return failed ? <PlainToasts toasts={toasts} /> : null;
}

/** The open toast as plain text in a live region, dismissed after the usual time. */
function PlainToasts({ toasts }: { toasts: ToastItem[] }) {
  const shown = toasts.find((t) => t.open);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => dismiss(shown.id), TOAST.durationMs);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div
      role="status"
      className="pointer-events-none fixed bottom-0 right-0 z-[100] w-full p-4 md:max-w-[420px]"
    >
      {shown && (
        <div
          className={`pointer-events-auto grid gap-1 rounded-lg border p-4 text-sm shadow-lg ${shown.variant === "destructive" ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"}`}
        >
          <p className="font-semibold">{shown.title}</p>
          {[shown.description, shown.note].map((line) => line && <p key={line}>{line}</p>)}
        </div>
      )}
    </div>
  );
}
