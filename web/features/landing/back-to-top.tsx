import ArrowUp from "lucide-react/icons/arrow-up";
import { Button } from "@/components/ui/button";
import { scrollToTop } from "@/lib/scroll";
import { cn } from "@/lib/utils";

/** The 'Back to Top' button that closes each landing section. */
export function BackToTop({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  return (
    <div className={cn("mt-12 flex justify-center sm:mt-16", className)}>
      <Button
        variant="ghost"
        size="sm"
        onClick={scrollToTop}
        className={cn(
          "rounded-full",
          tone === "dark"
            ? "text-brand-100 hover:bg-white/10 hover:text-white focus-visible:outline-white!"
            : "text-brand-800 hover:bg-brand-50 hover:text-brand-900",
        )}
      >
        <ArrowUp aria-hidden="true" />
        Back to Top
      </Button>
    </div>
  );
}
