import { BRAND } from "@shared/brand";
import { LogoMark } from "@/components/ui/logo-mark";
import { cn } from "@/lib/utils";

/** Mark plus wordmark; `tone` picks text colours that keep AA contrast on light or dark backgrounds. */
export function Wordmark({
  name,
  tagline,
  tone = "light",
}: {
  name: string;
  tagline: string;
  tone?: "light" | "dark";
}) {
  return (
    <span className="flex items-center gap-2.5">
      {/* Rounded like the tile, so the ring on dark backgrounds hugs the artwork. */}
      {/* An uploaded logo sits on white in the dark footer, whatever its own colours (ADR 060). */}
      <LogoMark
        className={
          BRAND.logo
            ? cn(tone === "dark" && "rounded-md bg-white p-1")
            : cn("rounded-[22%]", tone === "dark" && "ring-1 ring-white/25")
        }
      />
      <span className="flex flex-col text-left leading-tight">
        <span
          className={cn(
            "text-base font-bold tracking-tight",
            tone === "light" ? "text-brand-950" : "text-white",
          )}
        >
          {name}
        </span>
        <span className={cn("text-xs font-medium", tone === "light" ? "text-ocean-700" : "text-ocean-100")}>
          {tagline}
        </span>
      </span>
    </span>
  );
}
