import { FlaskConical, Info, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The two amber notes of the payment pages: the sandbox warning, and what the card form can and cannot do. */
const TONES: Record<
  "sandbox" | "info",
  { icon: LucideIcon; box: string; iconClass?: string; title?: string }
> = {
  sandbox: {
    icon: FlaskConical,
    box: "items-start border-2 border-dashed border-amber-500 px-4 py-3 text-amber-950",
    title: "font-semibold",
  },
  info: { icon: Info, box: "border border-amber-300 p-4 text-slate-900", iconClass: "text-slate-900" },
};

interface PaymentNoteProps {
  role: "status" | "note";
  tone: keyof typeof TONES;
  /** The bold lead-in. */
  title: string;
  children: ReactNode;
}

export function PaymentNote({ role, tone, title, children }: PaymentNoteProps) {
  const { icon: Icon, box, iconClass, title: titleClass } = TONES[tone];
  return (
    <div role={role} className={cn("mt-4 flex gap-3 rounded-lg bg-amber-50 text-sm", box)}>
      <Icon className={cn("mt-0.5 size-5 shrink-0", iconClass)} aria-hidden="true" />
      <p>
        <strong className={titleClass}>{title}</strong> {children}
      </p>
    </div>
  );
}
