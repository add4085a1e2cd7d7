// The unsubscribe page's answer, rendered by the server (server/portal/unsubscribe-routes.ts through
// web/entry-live.tsx); the browser adopts the served HTML. The button is a plain form POST back to the page, so it
// works the same with JavaScript off.
import { UNSUBSCRIBE_INVALID_MESSAGE, UNSUBSCRIBE_PATH, type UnsubscribeAnswer } from "@shared/digest";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

const TITLE_ID = "unsubscribe-answer-title";

function AnswerCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card asChild className="p-6">
      <section aria-labelledby={TITLE_ID}>
        <h2 id={TITLE_ID} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

const portalLink = (
  <a href="/portal" className="font-semibold text-blue-700 underline underline-offset-2">
    Document Portal
  </a>
);

export function UnsubscribeAnswerView({ answer }: { answer: UnsubscribeAnswer }) {
  switch (answer.kind) {
    case "confirm":
      return (
        <AnswerCard title="Stop the monthly digest?">
          <p className="mt-2 text-sm text-slate-700">
            <strong className="break-words">{answer.email}</strong> gets one e-mail a month listing the
            documents added to or updated in the {portalLink}. Your subscription and your downloads stay as
            they are.
          </p>
          <form method="post" action={UNSUBSCRIBE_PATH} className="mt-5">
            <input type="hidden" name="token" value={answer.token} />
            <Button type="submit">Unsubscribe</Button>
          </form>
        </AnswerCard>
      );
    case "done":
      return (
        <AnswerCard title="You are unsubscribed">
          <p className="mt-2 text-sm text-slate-700">
            <strong className="break-words">{answer.email}</strong> will no longer get the monthly digest.
            Your subscription and your downloads stay as they are: new documents are always in the{" "}
            {portalLink}.
          </p>
        </AnswerCard>
      );
    case "no-link":
      return (
        <AnswerCard title="Use the link in your e-mail">
          <p className="mt-2 text-sm text-slate-700">
            Every digest e-mail ends with a link to stop it: open that link and press Unsubscribe. Your
            subscription and your downloads stay as they are.
          </p>
        </AnswerCard>
      );
    case "invalid":
      return (
        <AnswerCard title="This link does not work">
          <p className="mt-2 text-sm text-slate-700">{UNSUBSCRIBE_INVALID_MESSAGE}</p>
          <p className="mt-2 text-sm text-slate-700">
            <a href="/#contact" className="font-semibold text-blue-700 underline underline-offset-2">
              Contact us
            </a>
          </p>
        </AnswerCard>
      );
  }
}
