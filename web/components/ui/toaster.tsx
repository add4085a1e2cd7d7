import * as ToastPrimitive from "@radix-ui/react-toast";
import { TOAST } from "@shared/toast-settings";
import { useEffect, useState } from "react";
import { dismiss, useToasts } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import { CloseButton } from "./close-button";

export function Toaster() {
  const toasts = useToasts();
  // The provider and its viewport mount first and the toasts in a later task: the whole of Radix's toast tree in one
  // render was a long task on a slow phone, right in the page's load on /portal (its welcome toast, ADR 042).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <ToastPrimitive.Provider
      duration={TOAST.durationMs}
      swipeDirection={TOAST.swipeDirection}
      swipeThreshold={TOAST.swipeThreshold}
    >
      {(mounted ? toasts : []).map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            t.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            {t.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            )}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            )}
            {t.note && <p className="text-sm opacity-90">{t.note}</p>}
          </div>
          <ToastPrimitive.Close asChild>
            <CloseButton className="right-2 top-2 opacity-80 hover:opacity-100" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* At the foot of the screen on every width (bottom right from medium screens, 420 px at most), clear of the
          pages' headers and their buttons; the strip itself lets clicks through to what is under it (as in the plain
          fallback of toaster-host.tsx). */}
      <ToastPrimitive.Viewport
        hotkey={[...TOAST.hotkey]}
        data-toast-viewport=""
        className="pointer-events-none fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col p-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
