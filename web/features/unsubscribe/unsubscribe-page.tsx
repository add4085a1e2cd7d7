// The monthly digest's unsubscribe page (docs/product.md, Monthly digest), opened from the e-mail's link. Opening it
// changes nothing: the server fills in who the link is for and a button that confirms (ADR 029's answer slot).
import { MailX } from "lucide-react";
import { AnswerSlot } from "@/components/layout/answer-slot";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";

export default function UnsubscribePage() {
  useScrollToTopOnMount();
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <PageIntro
          eyebrow={
            <>
              <MailX className="size-4" aria-hidden="true" />
              Monthly digest
            </>
          }
          title="Unsubscribe from the Monthly Digest"
          description="Subscribers get one e-mail on the first working day of each month listing the documents added to or updated in the portal."
        />
        <AnswerSlot name="unsubscribe" />
      </div>
    </PageShell>
  );
}
