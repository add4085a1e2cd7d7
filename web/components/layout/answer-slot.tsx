// Where the server puts its answer on a page that a route of its own fills per request (the certificate check,
// server/certificates/verify-routes.ts; the unsubscribe page, server/portal/unsubscribe-routes.ts; the texts' opt-out
// page, server/sms/text-routes.ts): the prerendered page holds only a marker here, and the route renders the answer
// after it. The browser adopts that HTML as it is, so the page hydrates without a mismatch and ships no answer code
// or data.
import { useState } from "react";

const className = "mt-8 empty:hidden";
const idOf = (name: string) => `${name}-answer`;

function PrerenderedSlot({ name }: { name: string }) {
  // Kept in front of the answer; the server finds the place by it (ANSWER_SLOT in server/platform/site-pages.ts).
  const marker = `<!--answer:${name}-->`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed HTML comment, no visitor's text.
  return <div id={idOf(name)} className={className} dangerouslySetInnerHTML={{ __html: marker }} />;
}

function ServedAnswer({ name }: { name: string }) {
  // While hydrating, the server's answer is in the container: React keeps it and never compares it. After an in-app
  // navigation there is none, and the page's own content alone shows.
  const [served] = useState(() => document.getElementById(idOf(name))?.innerHTML ?? "");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of this very container.
  return <div id={idOf(name)} className={className} dangerouslySetInnerHTML={{ __html: served }} />;
}

/** `name` is the page's slot name, lower-case letters and dashes: "verify", "unsubscribe". */
export const AnswerSlot = import.meta.env.SSR ? PrerenderedSlot : ServedAnswer;
