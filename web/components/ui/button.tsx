import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { CAPTURE_ATTRIBUTE } from "@/lib/early-input";
import { useHydratedRef } from "@/lib/use-hydrated-ref";
import { cn } from "@/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white hover:bg-brand-800",
        accent: "bg-ocean-700 text-white hover:bg-ocean-600",
        outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
        inverse: "bg-white text-brand-900 hover:bg-brand-50",
        ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        link: "text-brand-700 underline-offset-4 hover:underline",
        destructive: "bg-red-700 text-white hover:bg-red-800",
      },
      size: {
        // The text size is the size's, not the base's: a page that styles a link with buttonVariants() gets no
        // second text size for the stylesheet's order to settle (ADR 033).
        default: "h-10 px-4 py-2 text-sm",
        sm: "h-9 px-3 text-sm",
        lg: "h-12 px-6 text-base",
        icon: "size-10 text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * A button clicked before the page's script has taken it over is clicked again once it has (web/lib/early-input.ts):
 * it carries the capture mark from the server's HTML and marks itself hydrated. (A link made with asChild is a link.)
 */
export function Button({ className, variant, size, asChild = false, type, ref, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  const attach = useHydratedRef(ref);
  return (
    <Comp
      ref={attach}
      className={cn(buttonVariants({ variant, size }), className)}
      // A plain <button> inside a form must not submit by accident.
      type={asChild ? undefined : (type ?? "button")}
      {...(asChild ? {} : { [CAPTURE_ATTRIBUTE]: "" })}
      {...props}
    />
  );
}
