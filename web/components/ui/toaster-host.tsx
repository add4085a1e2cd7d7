// Radix Toast costs ~13 KB gzipped; most visits never show a toast. The host stays tiny and loads the real
// <Toaster/> the first time any code calls toast(), then keeps it mounted.
import { lazy, Suspense, useState } from "react";
import { useToasts } from "@/lib/use-toast";

const Toaster = lazy(() => import("./toaster").then((mod) => ({ default: mod.Toaster })));

export function ToasterHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
