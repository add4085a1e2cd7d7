// A button's content: its icon, its visible text and, for screen readers only, the rest of its name (which row it
// acts on, since every row has the same button).
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface IconLabelProps {
  icon: LucideIcon;
  /** Read after the visible text, e.g. " the e-mail to ana@example.com" (mind the leading space). */
  detail?: string;
  children: ReactNode;
}

export function IconLabel({ icon: Icon, detail, children }: IconLabelProps) {
  return (
    <>
      <Icon aria-hidden="true" />
      {children}
      {detail !== undefined && <span className="sr-only">{detail}</span>}
    </>
  );
}
