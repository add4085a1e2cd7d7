// The opt-out page of text messages (issue 34), opened from the link at the end of every text. Opening it changes
// nothing: the server fills in the number (masked) and a button that stops them (ADR 029's answer slot).
import { MessageSquareOff } from "lucide-react";
import { AnswerSlot } from "@/components/layout/answer-slot";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";

export default function TextStopPage() {
  useScrollToTopOnMount();
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <PageIntro
          eyebrow={
            <>
              <MessageSquareOff className="size-4" aria-hidden="true" />
              Text messages
            </>
          }
          title="Stop Text Messages"
          description="We text the number you gave about your training application only. Stopping applies to the number, for every application that gave it."
        />
        <AnswerSlot name="text-stop" />
      </div>
    </PageShell>
  );
}
