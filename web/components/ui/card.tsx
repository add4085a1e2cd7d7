import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A white card; with `asChild` it styles its only child instead, e.g. a labelled <section> or an <article>. */
export function Card({
  className,
  asChild = false,
  ...props
}: ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "div";
  return (
    <Comp className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />
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

/**
 * A card that is a <section> named by its <h2>: a header (on the brand colour when it carries a `lead` line, else
 * plain with a rule below it), then the body.
 */
export function CardSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Card asChild>
      <section aria-labelledby={headingId}>
        <div
          className={
            lead ? "rounded-t-xl bg-brand-900 px-6 py-5 text-white" : "border-b border-slate-100 p-6"
          }
        >
          <h2 id={headingId} className={cn("text-lg font-semibold", !lead && "text-slate-900")}>
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-brand-100">{lead}</p>}
        </div>
        {children}
      </section>
    </Card>
  );
}
