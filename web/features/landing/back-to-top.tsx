import ArrowUp from "lucide-react/icons/arrow-up";
import { cn } from "@/lib/utils";
import { SectionLink, TOP } from "./section-link";

/** The 'Back to Top' link that closes each landing section (a link to the top: it works before and without script). */
export function BackToTop({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  return (
    <div className={cn("mt-12 flex justify-center sm:mt-16", className)}>
      <SectionLink
        target={TOP}
        variant="ghost"
        size="sm"
        className={cn(
          "rounded-full",
          tone === "dark"
            ? "text-brand-100 hover:bg-white/10 hover:text-white focus-visible:outline-white!"
            : "text-brand-800 hover:bg-brand-50 hover:text-brand-900",
        )}
      >
        <ArrowUp aria-hidden="true" />
        Back to Top
      </SectionLink>
    </div>
  );
}
