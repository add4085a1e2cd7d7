// SPEC section 2, /subscribe: e-mail (required) and name (optional), then on to /payment.

import { formatMoney, SUBSCRIPTION } from "@shared/constants";
import { ArrowRight, Check, Lock } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { BackToHome, PageShell, useScrollToTopOnMount } from "@/components/layout/page-shell";
import { loadSubscriberDetails, saveSubscriberDetails } from "@/components/portal/subscriber-details";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { SUBSCRIPTION_FEATURES } from "@/content/portal";
import { toast } from "@/lib/use-toast";

export default function SubscribePage() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  useScrollToTopOnMount();

  // Coming back from /payment: keep what the visitor already typed.
  useEffect(() => {
    const saved = loadSubscriberDetails();
    setEmail((current) => current || saved.email);
    setName((current) => current || saved.name);
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (!trimmedEmail) {
      toast({
        title: "Email Required",
        description: "Please enter your email address.",
        variant: "destructive",
      });
      return;
    }
    saveSubscriberDetails({ email: trimmedEmail, name: name.trim() });
    navigate("/payment");
  }

  return (
    <PageShell>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <div className="mt-6 max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-ocean-700">Step 1 of 2</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
            Subscribe to the Document Portal
          </h1>
          <p className="mt-3 text-base leading-relaxed text-slate-700">
            Get full access to our library of ICAO, CAAF regulatory and safety documents for RPAS operators.
            Tell us where to send your receipt, then choose how to pay.
          </p>
        </div>

        <div className="mt-8 grid items-start gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
          <section
            aria-labelledby="details-heading"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
              Your Details
            </h2>
            <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
              <div className="space-y-2">
                <Label htmlFor="subscribe-email">
                  Email
                  <RequiredMark />
                </Label>
                <Input
                  id="subscribe-email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  placeholder="you@example.com"
                  aria-describedby="subscribe-email-hint"
                />
                <p id="subscribe-email-hint" className="text-xs text-slate-600">
                  Your receipt and account details are sent here.
                </p>
              </div>
              <div className="space-y-2">
                <Label htmlFor="subscribe-name">
                  Full Name <span className="font-normal text-slate-600">(optional)</span>
                </Label>
                <Input
                  id="subscribe-name"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
              <Button type="submit" size="lg" className="w-full">
                Continue to Payment
                <ArrowRight aria-hidden="true" />
              </Button>
              <p className="flex items-center justify-center gap-2 text-xs text-slate-600">
                <Lock className="size-3.5" aria-hidden="true" />
                You can review your order before you pay.
              </p>
            </form>
          </section>

          <section
            aria-labelledby="plan-heading"
            className="rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <div className="rounded-t-xl bg-brand-900 p-6 text-white">
              <h2 id="plan-heading" className="text-sm font-semibold uppercase tracking-wide text-ocean-100">
                Your Plan
              </h2>
              <p className="mt-2 text-lg font-semibold">{SUBSCRIPTION.name}</p>
              <p className="mt-3">
                <span className="text-3xl font-bold">{formatMoney(SUBSCRIPTION.priceCents)}</span>{" "}
                <span className="text-sm text-brand-100">monthly</span>
              </p>
            </div>
            <ul className="space-y-2 p-6 text-sm text-slate-700">
              {SUBSCRIPTION_FEATURES.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-ocean-700" aria-hidden="true" />
                  {feature}
                </li>
              ))}
              <li className="border-t border-slate-100 pt-3 text-slate-600">
                Billed monthly. Cancel anytime.
              </li>
            </ul>
          </section>
        </div>
      </div>
    </PageShell>
  );
}
