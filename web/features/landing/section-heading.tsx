import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: "light" | "dark";
  className?: string;
}

/** The eyebrow + <h2> + intro block every landing section opens with; `id` names the section via aria-labelledby. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = "light",
  className,
}: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={cn("mx-auto max-w-3xl text-center", className)}>
      <p
        className={cn(
          "text-sm font-semibold uppercase tracking-widest",
          dark ? "text-ocean-100" : "text-ocean-700",
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          "mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl",
          dark ? "text-white" : "text-brand-950",
        )}
      >
        {title}
      </h2>
      {children && (
        <p className={cn("mt-4 text-lg text-pretty", dark ? "text-brand-100" : "text-slate-600")}>
          {children}
        </p>
      )}
    </div>
  );
}
