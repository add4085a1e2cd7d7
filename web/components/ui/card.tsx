import { type ComponentProps, cloneElement, isValidElement, type ReactElement } from "react";
import { cn } from "@/lib/utils";

/**
 * A white card; with `asChild` it styles its only child instead, e.g. a labelled <section> or an <article>. Not Radix
 * Slot: the 404 page in the main bundle uses Card, and Slot there would take a script file of its own on every page.
 */
export function Card({
  className,
  asChild = false,
  children,
  ...props
}: ComponentProps<"div"> & { asChild?: boolean }) {
  const classes = cn("rounded-xl border border-slate-200 bg-white shadow-sm", className);
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, className: cn(classes, child.props.className) });
  }
  return (
    <div className={classes} {...props}>
      {children}
    </div>
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<"h3">) {
  return <h3 className={cn("text-lg font-semibold leading-tight text-slate-900", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...props} />;
}
