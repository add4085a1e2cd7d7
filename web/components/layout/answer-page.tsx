// A page whose answer a server route fills per request (ADR 029): the certificate check, the digest's unsubscribe
// page and the texts' opt-out page share this frame: back home, the page's intro, then the server's answer slot and
// whatever the page adds below it.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { AnswerSlot } from "@/components/layout/answer-slot";
import { PageIntro } from "@/components/layout/page-intro";
import { BackToHome, PageShell } from "@/components/layout/page-shell";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";

export function AnswerPage({
  icon: Icon,
  eyebrow,
  title,
  description,
  slot,
  children,
}: {
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  description: string;
  /** The answer slot's name, as the server route fills it. */
  slot: string;
  children?: ReactNode;
}) {
  useScrollToTopOnMount();
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <BackToHome />
        <PageIntro
          eyebrow={
            <>
              <Icon className="size-4" aria-hidden="true" />
              {eyebrow}
            </>
          }
          title={title}
          description={description}
        />
        <AnswerSlot name={slot} />
        {children}
      </div>
    </PageShell>
  );
}
