// The frame of every inner page (portal, payments, enrollment, staff, services): a slim header that links home, the
// page's <main>, and a one-line footer. The landing page has its own full header and footer.
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { LogoMark } from "@/components/ui/logo-mark";
import { COMPANY } from "@/content/company";
import { HydrateLater } from "@/lib/hydrate-later";
import { cn } from "@/lib/utils";

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
      {/* The page's content and its footer each hydrate in a task of their own (web/lib/hydrate-later.tsx). */}
      <HydrateLater name="main">
        <main id="main" className={cn("flex-1", mainClassName)}>
          {children}
        </main>
      </HydrateLater>
      <HydrateLater name="footer">
        <SiteFooter />
      </HydrateLater>
    </div>
  );
}

interface SiteHeaderProps {
  /** Right-hand side of the header (sign-in links, portal actions, 'Back to Home'). */
  actions?: ReactNode;
  /** Pins the header while scrolling; a pinned header keeps to one 4rem line so it never crowds a phone screen. */
  sticky?: boolean;
  /** Shows the tagline under the name from the small breakpoint up; a name on its own is set tighter and larger. */
  showTagline?: boolean;
  /** Classes for the inner row, e.g. a wider gutter that lines the logo up with the page body. */
  className?: string;
}

export function SiteHeader({ actions, sticky = false, showTagline = true, className }: SiteHeaderProps) {
  return (
    <header
      className={cn(
        "border-b border-slate-200",
        sticky ? "sticky top-0 z-40 bg-white/95 backdrop-blur" : "bg-white",
      )}
    >
      <div
        className={cn(
          "mx-auto flex max-w-6xl items-center justify-between gap-x-4 px-4 sm:px-6",
          sticky ? "h-16" : "flex-wrap gap-y-3 py-3",
          className,
        )}
      >
        <Link href="/" className="flex items-center gap-3 rounded-md">
          <LogoMark />
          <span className="flex flex-col leading-tight">
            <span
              className={cn("text-base font-bold text-brand-900", !showTagline && "leading-tight sm:text-lg")}
            >
              {COMPANY.name}
            </span>
            {showTagline && <span className="hidden text-xs text-slate-600 sm:block">{COMPANY.tagline}</span>}
          </span>
        </Link>
        {actions}
      </div>
    </header>
  );
}

interface SiteFooterProps {
  /** The two ends of the footer line; by default the copyright and the contact e-mail. */
  children?: ReactNode;
  tone?: "dark" | "light";
  /** Classes for the inner row, e.g. a wider gutter that lines it up with the page body. */
  className?: string;
}

export function SiteFooter({ children, tone = "dark", className }: SiteFooterProps) {
  return (
    <footer
      className={
        tone === "dark"
          ? "bg-brand-950 text-brand-100"
          : "border-t border-slate-200 bg-slate-50 text-slate-600"
      }
    >
      <div
        className={cn(
          "mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6",
          className,
        )}
      >
        {children ?? <CopyrightAndContact />}
      </div>
    </footer>
  );
}

function CopyrightAndContact() {
  const email = COMPANY.emails[0].address;
  return (
    <>
      {/* Prerendered at build time: a page built in late December says the old year until it hydrates in January;
          React then puts the browser's year in without calling it a mismatch. */}
      <p suppressHydrationWarning>
        © {new Date().getFullYear()} {COMPANY.legalName}. All rights reserved.
      </p>
      <p>
        Contact:{" "}
        <a href={`mailto:${email}`} className="font-medium text-white underline underline-offset-4">
          {email}
        </a>
      </p>
    </>
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
