// The premium document portal (docs/product.md, Premium Document Portal): a preview of the library for everyone;
// downloads need a subscription.

import { SUBSCRIPTION, TIMING } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import { CreditCard, Info, Library, LogIn, ShieldCheck, Smartphone } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { PageShell } from "@/components/layout/page-shell";
import { buttonVariants } from "@/components/ui/button";
import { AccessNotice, InactiveNotice } from "@/features/portal/access-notice";
import { type AfterPayment, forgetAfterPayment, readAfterPayment } from "@/features/portal/after-payment";
import { PORTAL_STATS } from "@/features/portal/content";
import { LibrarySection } from "@/features/portal/library-section";
import { NewTabHint, PortalHeaderActions } from "@/features/portal/portal-header-actions";
import { hasAccess, type PortalUser, usePortalUser } from "@/features/portal/use-portal-user";
import { HydrateLater } from "@/lib/hydrate-later";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";

const PRICE = formatFjd(SUBSCRIPTION.priceCents, "public");

// Only a signed-in subscriber sees it (never in the prerendered page); its dialog code loads then, keeping the
// dialog primitives (13 KB gzip) off every anonymous visit.
const ManageSubscription = lazy(() =>
  import("@/features/portal/manage-subscription").then((module) => ({ default: module.ManageSubscription })),
);

// Only after a card payment on this tab (after-payment.ts): the sign-in steps load then, and never otherwise.
const AfterPaymentSignIn = lazy(() =>
  import("@/features/portal/after-payment-sign-in").then((module) => ({
    default: module.AfterPaymentSignIn,
  })),
);

/**
 * The address a card payment on this tab just paid for, read after hydration (the page is prerendered); forgotten
 * once someone is signed in.
 */
function useAfterPayment(user: PortalUser | null): AfterPayment | null {
  const [paid, setPaid] = useState<AfterPayment | null>(null);
  useEffect(() => setPaid(readAfterPayment()), []);
  useEffect(() => {
    if (!user) return;
    forgetAfterPayment();
    setPaid(null);
  }, [user]);
  return paid;
}

const SIGN_IN_FAILURES = {
  failed: "We could not sign you in. Please try again.",
  unverified:
    "Your sign-in provider has not confirmed that this e-mail address is yours. Verify it with the provider, then try again.",
} as const;

/**
 * A single-sign-on provider's sign-in that failed comes back as /portal?signin=failed, or signin=unverified when
 * the provider does not vouch for the e-mail address (server/portal/sign-in-routes.ts); answers what to say.
 */
function takeSignInFailure(): string | null {
  const params = new URLSearchParams(window.location.search);
  const reason = params.get("signin");
  if (reason !== "failed" && reason !== "unverified") return null;
  params.delete("signin");
  const query = params.size ? `?${params}` : "";
  // A reload must not repeat the message.
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}${query}${window.location.hash}`,
  );
  return SIGN_IN_FAILURES[reason];
}

/**
 * The welcome toast 1 second after the page loads, once the server has said nobody is signed in. A
 * failed single sign-on gets its own message instead (only one toast shows at a time).
 */
function useWelcomeToast(signedOut: boolean) {
  const mountedAt = useRef(0);
  const signInFailed = useRef(false);
  useEffect(() => {
    mountedAt.current = performance.now();
    const failure = takeSignInFailure();
    if (!failure) return;
    signInFailed.current = true;
    toast({
      title: "Sign-in failed",
      description: failure,
      variant: "destructive",
    });
  }, []);
  useEffect(() => {
    if (!signedOut || signInFailed.current) return;
    // The second counts from the page's load, not from the (usually quick) answer about the session.
    const wait = Math.max(0, TIMING.portalWelcomeToastMs - (performance.now() - mountedAt.current));
    const timer = setTimeout(() => {
      toast({
        title: "Welcome to the Document Portal",
        description:
          "Preview our premium RPAS library for free, and subscribe to download the full documents.",
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [signedOut]);
}

export default function PortalPage() {
  const { user, signedOut } = usePortalUser();
  const canDownload = hasAccess(user);
  const afterPayment = useAfterPayment(user);
  // Just paid: the sign-in step says what to do, not the welcome toast's "subscribe to download".
  useWelcomeToast(signedOut && !afterPayment);

  return (
    <PageShell actions={<PortalHeaderActions user={user} />}>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-ocean-100">
            <Library className="size-4" aria-hidden="true" />
            ICAO, CAAF and safety resources
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Premium Document Portal</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-100 sm:text-lg">
            Manuals, regulatory guides and ready-to-use templates for RPAS operators in Fiji and the Pacific,
            curated and kept current by our CAAF certified team.
          </p>
          <ul className="mt-8 grid max-w-2xl grid-cols-3 gap-3 sm:gap-4">
            {PORTAL_STATS.map((stat) => (
              <li
                key={stat.label}
                className="rounded-xl bg-white/10 px-3 py-4 text-center ring-1 ring-white/15"
              >
                <span className="block text-2xl font-bold sm:text-3xl">{stat.value}</span>
                <span className="mt-1 block text-sm text-brand-100">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        {/* Until the server answers, the page looks as prerendered: signed out. */}
        {user && canDownload && <AccessNotice user={user} />}
        {user && !canDownload && <InactiveNotice user={user} />}
        {user && (
          <Suspense fallback={null}>
            <ManageSubscription user={user} />
          </Suspense>
        )}
        {!user && afterPayment && (
          <Suspense fallback={null}>
            <AfterPaymentSignIn paid={afterPayment} />
          </Suspense>
        )}
        {!user && !afterPayment && (
          <div className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-5">
            <Info className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="text-sm leading-relaxed text-slate-800">
              <p className="font-semibold text-brand-900">You are viewing a preview of the library.</p>
              <p className="mt-1">
                Full access and document downloads require a subscription: {PRICE} per month, billed monthly,
                cancel anytime. Already subscribed?{" "}
                <a href="/api/login" className="font-semibold text-brand-700 underline underline-offset-4">
                  Sign in
                </a>{" "}
                to continue.
              </p>
            </div>
          </div>
        )}

        {/* The library and the subscription offer hydrate in tasks of their own (web/lib/hydrate-later.tsx). */}
        <HydrateLater name="library">
          <LibrarySection canDownload={canDownload} />
        </HydrateLater>

        {!canDownload && (
          <HydrateLater name="access">
            <section
              aria-labelledby="access-heading"
              className="mt-12 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-950 px-6 py-10 text-white sm:px-10"
            >
              <div className="flex items-center gap-2 text-sm font-semibold text-ocean-100">
                <ShieldCheck className="size-4" aria-hidden="true" />
                {SUBSCRIPTION.name}
              </div>
              <h2 id="access-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
                Unlock the full library
              </h2>
              <p className="mt-3 max-w-2xl leading-relaxed text-brand-100">
                Subscribe for {PRICE} a month to download every document, receive monthly updates and ask our
                experts when a regulation raises questions. Pay by card or with your M-PAiSA mobile wallet.
              </p>
              <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                <Link href="/subscribe" className={buttonVariants({ variant: "inverse", size: "lg" })}>
                  <CreditCard aria-hidden="true" />
                  Subscribe by Card
                </Link>
                <a
                  href="/mpaisa-payment"
                  target="_blank"
                  rel="noopener"
                  className={buttonVariants({ variant: "accent", size: "lg" })}
                >
                  <Smartphone aria-hidden="true" />
                  Pay with M-PAiSA
                  <NewTabHint />
                </a>
                {!user && (
                  <a
                    href="/api/login"
                    className={cn(
                      buttonVariants({ variant: "outline", size: "lg" }),
                      "border-white/60 bg-transparent text-white hover:bg-white/10",
                    )}
                  >
                    <LogIn aria-hidden="true" />
                    Sign In
                  </a>
                )}
              </div>
            </section>
          </HydrateLater>
        )}
      </div>
    </PageShell>
  );
}
