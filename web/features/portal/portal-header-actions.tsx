import { LogIn, LogOut, Smartphone, UserRound } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { displayName, type PortalUser } from "./use-portal-user";

/** Screen-reader hint for links that open a new tab (WCAG 3.2.5: warn before a change of context). */
export function NewTabHint() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

export function PortalHeaderActions({ user }: { user: PortalUser | null }) {
  return (
    <nav aria-label="Portal account" className="w-full sm:w-auto">
      <ul className="flex items-center gap-1.5 max-sm:[&_svg]:hidden sm:gap-2">
        {user ? (
          <>
            {/* A long e-mail address shortens with an ellipsis rather than pushing Logout off a phone screen. */}
            <li className="flex min-w-0 items-center gap-2 px-1 text-sm font-medium text-slate-800">
              <UserRound className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="truncate">{displayName(user)}</span>
            </li>
            <li className="shrink-0">
              {/* Server navigation: a full page load, not a client-side route. */}
              <a href="/api/logout" className={buttonVariants({ variant: "outline", size: "sm" })}>
                <LogOut aria-hidden="true" />
                Logout
              </a>
            </li>
          </>
        ) : (
          <>
            <li>
              <a href="/api/login" className={buttonVariants({ variant: "outline", size: "sm" })}>
                <LogIn aria-hidden="true" />
                Sign In
              </a>
            </li>
            <li>
              <a
                href="/subscribe"
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: "default", size: "sm" })}
              >
                Subscribe
                <NewTabHint />
              </a>
            </li>
            <li>
              <a
                href="/mpaisa-payment"
                target="_blank"
                rel="noopener"
                className={cn(buttonVariants({ variant: "accent", size: "sm" }))}
              >
                <Smartphone aria-hidden="true" />
                Pay with M-PAiSA
                <NewTabHint />
              </a>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
