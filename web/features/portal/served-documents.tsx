// The library as served: the prerendered /portal holds only the "documents" slot marker, and the server puts the
// published documents' cards in it per request (server/library/live-documents.ts, ADR 029), so the page lists the
// current library without script. The browser adopts that HTML as it is until its own list arrives.
import { type ReactNode, useState } from "react";

export const DOCUMENTS_SLOT = "documents";
const MARKER = `<!--live:${DOCUMENTS_SLOT}-->`;
const CONTAINER_ID = "live-documents";

function ServedInBrowser({ fallback }: { fallback: ReactNode }) {
  // While hydrating, the server's HTML is in the container: React keeps it and never diffs it. Anything else there (a
  // list of the page being left) is not the server's.
  const [served] = useState(() => {
    const html = document.getElementById(CONTAINER_ID)?.innerHTML;
    return html?.startsWith(MARKER) ? html : undefined;
  });
  return served === undefined ? (
    <div id={CONTAINER_ID}>{fallback}</div>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own rendering of this very container.
    <div id={CONTAINER_ID} dangerouslySetInnerHTML={{ __html: served }} />
  );
}

function SlotMarker(_props: { fallback: ReactNode }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed HTML comment, no visitor's text.
  return <div id={CONTAINER_ID} dangerouslySetInnerHTML={{ __html: MARKER }} />;
}

/** At build time the slot's marker; in the browser the served cards, or `fallback` after an in-app navigation. */
export const ServedDocuments: (props: { fallback: ReactNode }) => ReactNode = import.meta.env.SSR
  ? SlotMarker
  : ServedInBrowser;
