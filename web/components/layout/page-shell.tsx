// The frame of every inner page (portal, payments, enrollment, staff): a slim header that links home, the page's
// <main>, and a one-line footer. The landing page has its own full header and footer.
import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "wouter";
import { COMPANY } from "@/content/company";
import { cn } from "@/lib/utils";
import { LogoMark } from "./logo";

interface PageShellProps {
  children: ReactNode;
  /** Right-hand side of the header (sign-in links, portal actions). */
  actions?: ReactNode;
  /** Classes for <main>, e.g. a background tint. */
  mainClassName?: string;
}

export function PageShell({ children, actions, mainClassName }: PageShellProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader actions={actions} />
      <main id="main" className={cn("flex-1", mainClassName)}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function SiteHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-3 rounded-md">
          <LogoMark />
          <span className="flex flex-col leading-tight">
            <span className="text-base font-bold text-brand-900">{COMPANY.name}</span>
            <span className="hidden text-xs text-slate-600 sm:block">{COMPANY.tagline}</span>
          </span>
        </Link>
        {actions}
      </div>
    </header>
  );
}

export function SiteFooter() {
  const email = COMPANY.emails[0].address;
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        {/* Prerendered at build time: a build from late December may hydrate in January, so allow the year to differ. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {COMPANY.legalName}. All rights reserved.
        </p>
        <p>
          Contact:{" "}
          <a href={`mailto:${email}`} className="font-medium text-white underline underline-offset-4">
            {email}
          </a>
        </p>
      </div>
    </footer>
  );
}

export function BackLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      href={href}
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline underline-offset-4",
        className,
      )}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

export function BackToHome({ className }: { className?: string }) {
  return (
    <BackLink href="/" className={className}>
      Back to Home
    </BackLink>
  );
}

/** Client-side navigation keeps the old scroll position; inner pages start at the top (SPEC section 2). */
export function useScrollToTopOnMount(): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
