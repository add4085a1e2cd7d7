// /mpaisa-payment (docs/product.md, M-PAiSA payment): pay from the M-PAiSA mobile wallet by a request to the phone or
// by QR code (mpaisa-payment.tsx). The payment part, with its form's libraries and schema, hydrates when a person
// first reaches into it, or at once when it has something to show (web/lib/hydrate-on-touch.tsx, ADR 047); a click or a submit before that is kept (web/lib/early-input.ts).
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { SandboxBanner } from "@/features/payments/sandbox-banner";
import { loadSubscriberDetails } from "@/features/portal/subscriber-details";
import { hydrateOnTouch } from "@/lib/hydrate-on-touch";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";

const MpaisaPayment = hydrateOnTouch(
  "mpaisa-payment",
  () => import("./mpaisa-payment").then((m) => m.MpaisaPayment),
  {
    drafts: ["wallet-payment"],
    // A payment to follow, or the details /subscribe collected in this tab to put in.
    openAtOnce: () =>
      new URLSearchParams(window.location.search).has("reference") || loadSubscriberDetails().email !== "",
  },
);

export default function MpaisaPaymentPage() {
  useScrollToTopOnMount();
  return (
    <PageShell>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <SandboxBanner />
        <PageIntro
          eyebrow="Mobile wallet"
          title="Pay with M-PAiSA"
          description="Pay for your Document Portal subscription or our services from your M-PAiSA mobile wallet, with no card needed."
        />
        <MpaisaPayment />
      </div>
    </PageShell>
  );
}
