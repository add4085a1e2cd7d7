// The portal's Document Library: the published documents (as served, then from GET /api/documents), searched by
// title and description and narrowed to a category. Types only from the shared contracts: the schema library stays
// off /portal (ADR 033).
import type { LibraryDocument, LibraryQuery } from "@shared/library";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LoaderCircle, Search } from "lucide-react";
import { useState } from "react";
import { Input, NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDebouncedValue } from "@/features/staff/use-debounced-value";
import { apiJson } from "@/lib/api";
import { DOCUMENTS_KEY } from "./document-card";
import { DocumentList } from "./document-list";
import { ServedDocuments } from "./served-documents";

const CATEGORIES_PATH = "/api/documents/categories";
const SEARCH_DELAY_MS = 300;

function documentsUrl({ search, category }: LibraryQuery): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (category) params.set("category", String(category));
  const query = params.toString();
  return query ? `${DOCUMENTS_KEY[0]}?${query}` : DOCUMENTS_KEY[0];
}

function Loading() {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-700">
      <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Loading documents...
    </p>
  );
}

export function LibrarySection({ canDownload }: { canDownload: boolean }) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState("");
  const filter: LibraryQuery = {
    search: useDebouncedValue(search.trim(), SEARCH_DELAY_MS) || undefined,
    category: category ? Number(category) : undefined,
  };
  const filtered = Boolean(filter.search || filter.category);
  const documents = useQuery({
    // Under DOCUMENTS_KEY: a download refreshes the counts of every filter.
    queryKey: [...DOCUMENTS_KEY, filter],
    queryFn: () => apiJson<LibraryDocument[]>("GET", documentsUrl(filter)),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery<{ id: number; name: string }[]>({ queryKey: [CATEGORIES_PATH] });

  return (
    <section aria-labelledby="library-heading" className="mt-10">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="library-heading" className="text-2xl font-bold text-slate-900">
            Document Library
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A selection from the library. Subscribers download every document in full.
          </p>
        </div>
        <search aria-label="Library" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="library-search">Search documents</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
                aria-hidden="true"
              />
              <Input
                id="library-search"
                type="search"
                placeholder="Title or description"
                maxLength={100}
                autoComplete="off"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="pl-9 sm:w-64"
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="library-category">Category</Label>
            <NativeSelect
              id="library-category"
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              className="sm:w-56"
            >
              <option value="">All categories</option>
              {categories.data?.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </search>
      </div>
      <div className="mt-6" aria-busy={documents.isPlaceholderData}>
        {documents.data ? (
          <>
            {/* Says what a search or a category found, without reading out the whole list again. */}
            <p role="status" className="sr-only">
              {filtered ? `${documents.data.length} matching documents` : ""}
            </p>
            <DocumentList documents={documents.data} canDownload={canDownload} filtered={filtered} />
          </>
        ) : (
          <ServedDocuments fallback={<Loading />} />
        )}
      </div>
    </section>
  );
}
