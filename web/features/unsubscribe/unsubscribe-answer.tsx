// The unsubscribe page's answer, rendered by the server (server/portal/unsubscribe-routes.ts through
// web/entry-live.tsx); the browser adopts the served HTML. The button is a plain form POST back to the page, so it
// works the same with JavaScript off.
import { UNSUBSCRIBE_INVALID_MESSAGE, UNSUBSCRIBE_PATH, type UnsubscribeAnswer } from "@shared/digest";
import type { ReactNode } from "react";
import { AnswerCard } from "@/components/layout/answer-card";
import { Button } from "@/components/ui/button";

const TITLE_ID = "unsubscribe-answer-title";

/** This answer's card: its heading's id is the page's own. */
const Answer = (props: { title: string; children: ReactNode }) => <AnswerCard id={TITLE_ID} {...props} />;

const portalLink = (
  <a href="/portal" className="font-semibold text-blue-700 underline underline-offset-2">
    Document Portal
  </a>
);

export function UnsubscribeAnswerView({ answer }: { answer: UnsubscribeAnswer }) {
  switch (answer.kind) {
    case "confirm":
      return (
        <Answer title="Stop the monthly digest?">
          <p className="mt-2 text-sm text-slate-700">
            <strong className="break-words">{answer.email}</strong> gets one e-mail a month listing the
            documents added to or updated in the {portalLink}. Your subscription and your downloads stay as
            they are.
          </p>
          <form method="post" action={UNSUBSCRIBE_PATH} className="mt-5">
            <input type="hidden" name="token" value={answer.token} />
            <Button type="submit">Unsubscribe</Button>
          </form>
        </Answer>
      );
    case "done":
      return (
        <Answer title="You are unsubscribed">
          <p className="mt-2 text-sm text-slate-700">
            <strong className="break-words">{answer.email}</strong> will no longer get the monthly digest.
            Your subscription and your downloads stay as they are: new documents are always in the{" "}
            {portalLink}.
          </p>
        </Answer>
      );
    case "no-link":
      return (
        <Answer title="Use the link in your e-mail">
          <p className="mt-2 text-sm text-slate-700">
            Every digest e-mail ends with a link to stop it: open that link and press Unsubscribe. Your
            subscription and your downloads stay as they are.
          </p>
        </Answer>
      );
    case "invalid":
      return (
        <Answer title="This link does not work">
          <p className="mt-2 text-sm text-slate-700">{UNSUBSCRIBE_INVALID_MESSAGE}</p>
          <p className="mt-2 text-sm text-slate-700">
            <a href="/#contact" className="font-semibold text-blue-700 underline underline-offset-2">
              Contact us
            </a>
          </p>
        </Answer>
      );
  }
}
