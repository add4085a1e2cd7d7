// The opt-out page's answer, rendered by the server (server/sms/text-routes.ts through web/entry-live.tsx); the
// browser adopts the served HTML. Its buttons are plain form posts back to the server, so they work the same with
// JavaScript off.
import { COMPANY } from "@shared/company";
import {
  START_BUTTON,
  STOP_BUTTON,
  STOP_LINK_EXPIRED_MESSAGE,
  STOP_LINK_UNKNOWN_MESSAGE,
  stoppedLine,
  TEXT_START_PAGE_PATH,
  TEXT_STOP_PAGE_PATH,
  type TextStopAnswer,
} from "@shared/text-stop";
import type { ReactNode } from "react";
import { AnswerCard } from "@/components/layout/answer-card";
import { Button } from "@/components/ui/button";

const TITLE_ID = "text-stop-answer-title";
const linkClass = "font-semibold text-blue-700 underline underline-offset-2";

/** This answer's card: its heading's id is the page's own. */
const Answer = (props: { title: string; children: ReactNode }) => <AnswerCard id={TITLE_ID} {...props} />;

function TokenForm({ action, token, label }: { action: string; token: string; label: string }) {
  return (
    <form method="post" action={action} className="mt-5">
      <input type="hidden" name="token" value={token} />
      <Button type="submit">{label}</Button>
    </form>
  );
}

const myTraining = (
  <a href="/my-training" className={linkClass}>
    My training
  </a>
);

export function TextStopAnswerView({ answer }: { answer: TextStopAnswer }) {
  switch (answer.kind) {
    case "confirm":
      return (
        <Answer title={`Stop texts to ${answer.number}?`}>
          <p className="mt-2 text-sm text-slate-700">
            {COMPANY.name} texts this number about training applications: offers and their pay deadline,
            payments, course reminders and certificates. One tap stops every text to this number, whichever
            application gave it. E-mails go on as before.
          </p>
          <TokenForm action={TEXT_STOP_PAGE_PATH} token={answer.token} label={STOP_BUTTON} />
        </Answer>
      );
    case "stopped":
      return (
        <Answer title={stoppedLine(answer.number)}>
          <p className="mt-2 text-sm text-slate-700">
            We will send no more texts to this number, about any application. E-mails go on as before.
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Stopped by mistake? Start them again: each application then gets texts only if it asked for them.
          </p>
          <TokenForm action={TEXT_START_PAGE_PATH} token={answer.token} label={START_BUTTON} />
        </Answer>
      );
    case "no-link":
      return (
        <Answer title="Use the link in your text">
          <p className="mt-2 text-sm text-slate-700">
            Every text we send ends with a link to stop them: open that link and press the button. You can
            also change your texts at {myTraining}.
          </p>
        </Answer>
      );
    case "expired":
      return (
        <Answer title="This link has expired">
          <p className="mt-2 text-sm text-slate-700">{STOP_LINK_EXPIRED_MESSAGE}</p>
          <p className="mt-2 text-sm text-slate-700">You can also change your texts at {myTraining}.</p>
        </Answer>
      );
    case "unknown":
      return (
        <Answer title="This link does not work">
          <p className="mt-2 text-sm text-slate-700">{STOP_LINK_UNKNOWN_MESSAGE}</p>
          <p className="mt-2 text-sm text-slate-700">
            Every text we send ends with a link to stop them. You can also change your texts at {myTraining},
            or{" "}
            <a href="/#contact" className={linkClass}>
              contact us
            </a>
            .
          </p>
        </Answer>
      );
  }
}
