// Where the server puts its answer on the unsubscribe page (the pattern of the certificate check's answer slot): the
// prerendered page holds only a marker; server/portal/unsubscribe-routes.ts renders the answer after it per request.
// The browser adopts that HTML as it is, so the page hydrates without a mismatch and ships no answer code.
import { useState } from "react";

const ANSWER_ID = "unsubscribe-answer";
/** Kept in front of the answer; the server finds the place by it (ANSWER_SLOT in server/platform/site-pages.ts). */
const MARKER = "<!--answer:unsubscribe-->";

const className = "mt-8 empty:hidden";

function PrerenderedSlot() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed HTML comment, no visitor's text.
  return <div id={ANSWER_ID} className={className} dangerouslySetInnerHTML={{ __html: MARKER }} />;
}

function ServedAnswer() {
  // While hydrating, the server's answer is in the container: React keeps it and never compares it.
  const [served] = useState(() => document.getElementById(ANSWER_ID)?.innerHTML ?? "");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of this very container.
  return <div id={ANSWER_ID} className={className} dangerouslySetInnerHTML={{ __html: served }} />;
}

export const AnswerSlot = import.meta.env.SSR ? PrerenderedSlot : ServedAnswer;
