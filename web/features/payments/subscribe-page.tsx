// /subscribe (docs/product.md, Subscribe): e-mail (required) and name (optional), then on to /payment, which reads them
// back from this tab's sessionStorage (subscriber-details.ts) rather than from the address bar, where they would be
// logged.

import { SUBSCRIPTION } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import type { SubscriptionRequest } from "@shared/payment";
import { ArrowRight, Lock } from "lucide-react";
import { useEffect } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Panel } from "@/components/ui/panel";
import { TickList } from "@/components/ui/tick-list";
import { SandboxBanner } from "@/features/payments/sandbox-banner";
import { SUBSCRIPTION_FEATURES } from "@/features/portal/content";
import { loadSubscriberDetails, saveSubscriberDetails } from "@/features/portal/subscriber-details";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useTypedFormValues } from "@/lib/typed-form-values";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";
import { toast } from "@/lib/use-toast";

/** The server's check of the details, loaded when the form is first focused (web/lib/lazy-resolver.ts). */
const checkDetails = lazyResolver<SubscriptionRequest>(() =>
  import("./subscription-check").then((m) => m.checkDetails),
);

/** The form element's id (web/lib/typed-values.ts). */
const FORM_ID = "subscribe-details";

export default function SubscribePage() {
  const [, navigate] = useLocation();
  // The same check create-subscription makes, so a typo is caught here rather than after the card step. The mark
  // stays until the next submit.
  const form = useForm<SubscriptionRequest>({
    resolver: checkDetails,
    defaultValues: { email: "", name: "" },
    reValidateMode: "onSubmit",
  });
  // What was typed before the page's script ran (web/lib/typed-values.ts).
  useTypedFormValues(form, FORM_ID, { email: "", name: "" });
  const emailInvalid = Boolean(form.formState.errors.email);
  useScrollToTopOnMount();

  // Coming back from /payment: keep what the visitor already typed. Read in a task after the page's hydration: the
  // first sessionStorage read waits on the browser, which made that task a long one on a slow phone (ADR 042).
  useEffect(() => {
    const timer = setTimeout(() => {
      const saved = loadSubscriberDetails();
      if (!form.getValues("email")) form.setValue("email", saved.email);
      if (!form.getValues("name")) form.setValue("name", saved.name);
    });
    return () => clearTimeout(timer);
  }, [form]);

  // react-hook-form puts the cursor in the first invalid field; the toast says why.
  function invalid(found: FieldErrors<SubscriptionRequest>) {
    if (!found.email) {
      toast({ title: "Please check your details", description: found.name?.message, variant: "destructive" });
      return;
    }
    toast(
      form.getValues("email").trim()
        ? {
            title: "Invalid Email",
            description: "Please enter a valid email address.",
            variant: "destructive",
          }
        : {
            title: "Email Required",
            description: "Please enter your email address.",
            variant: "destructive",
          },
    );
  }

  // Saved as typed (trimmed): /payment shows it back.
  const handleSubmit = form.handleSubmit(() => {
    const { email, name } = form.getValues();
    saveSubscriberDetails({ email: email.trim(), name: (name ?? "").trim() });
    navigate("/payment");
  }, invalid);

  return (
    <PageShell>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <SandboxBanner />
        <PageIntro
          eyebrow="Step 1 of 2"
          title="Subscribe to the Document Portal"
          description="Get full access to our library of ICAO, CAAF regulatory and safety documents for RPAS operators. Tell us where to send your receipt, then choose how to pay."
        />

        <div className="mt-8 grid items-start gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
          <Panel headingId="details-heading" heading="Your Details">
            <Form
              id={FORM_ID}
              onSubmit={handleSubmit}
              onFocus={checkDetails.preload}
              className="mt-6 space-y-5"
            >
              <Field
                id="subscribe-email"
                label="Email"
                required
                hint="Your receipt and account details are sent here."
              >
                <Input
                  id="subscribe-email"
                  type="email"
                  autoComplete="email"
                  required
                  {...form.register("email")}
                  aria-invalid={emailInvalid || undefined}
                  placeholder="you@example.com"
                  aria-describedby="subscribe-email-hint"
                />
              </Field>
              <Field id="subscribe-name" label="Full Name" optional>
                <Input id="subscribe-name" autoComplete="name" {...form.register("name")} />
              </Field>
              <Button type="submit" size="lg" className="w-full">
                Continue to Payment
                <ArrowRight aria-hidden="true" />
              </Button>
              <p className="flex items-center justify-center gap-2 text-xs text-slate-600">
                <Lock className="size-3.5" aria-hidden="true" />
                You can review your order before you pay.
              </p>
            </Form>
          </Panel>

          <Card asChild>
            <section aria-labelledby="plan-heading">
              <div className="rounded-t-xl bg-brand-900 p-6 text-white">
                <h2
                  id="plan-heading"
                  className="text-sm font-semibold uppercase tracking-wide text-ocean-100"
                >
                  Your Plan
                </h2>
                <p className="mt-2 text-lg font-semibold">{SUBSCRIPTION.name}</p>
                <p className="mt-3">
                  <span className="text-3xl font-bold">{formatFjd(SUBSCRIPTION.priceCents, "public")}</span>{" "}
                  <span className="text-sm text-brand-100">monthly</span>
                </p>
              </div>
              <TickList items={SUBSCRIPTION_FEATURES} className="p-6">
                <li className="border-t border-slate-100 pt-3 text-slate-600">
                  Billed monthly. Cancel anytime.
                </li>
              </TickList>
            </section>
          </Card>
        </div>
      </div>
    </PageShell>
  );
}
