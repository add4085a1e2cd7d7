// The portal's document cards, as the browser shows them and as the server renders them into the served page
// (web/entry-live.tsx, the "documents" live slot: ADR 029).
import type { LibraryDocument } from "@shared/library";
import { DocumentCard } from "./document-card";

interface DocumentListProps {
  documents: readonly LibraryDocument[];
  canDownload: boolean;
  /** Whether a search or a category narrows the list (the empty message says so). */
  filtered?: boolean;
}

export function DocumentList({ documents, canDownload, filtered = false }: DocumentListProps) {
  if (documents.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
        {filtered
          ? "No documents match your search. Try other words or another category."
          : "New documents are on their way. Check back soon."}
      </p>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {documents.map((document) => (
        <li key={document.id}>
          <DocumentCard document={document} canDownload={canDownload} />
        </li>
      ))}
    </ul>
  );
}
