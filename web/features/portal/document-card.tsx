import { groupThousands } from "@shared/constants";
import type { LibraryDocument } from "@shared/library";
import { documentDownloadUrl } from "@shared/portal-access";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, FileText, HardDrive, Lock, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PendingButton } from "@/components/ui/pending-button";
import { apiRequest } from "@/lib/query-client";
import { serverMessage } from "@/lib/submission";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import { CURRENT_USER_KEY } from "./use-portal-user";

export const DOCUMENTS_KEY = ["/api/documents"] as const;

function Meta({ icon: Icon, label, children }: { icon?: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className={cn("font-medium text-slate-500", Icon && "flex items-center gap-1")}>
        {Icon && <Icon className="size-3.5" aria-hidden="true" />}
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold text-slate-800">{children}</dd>
    </div>
  );
}

/** The name from `Content-Disposition: attachment; filename="x.pdf"` (or its RFC 5987 `filename*` form). */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain filename.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() || undefined;
}

/**
 * Fetched rather than followed as a link, so a refusal (session or subscription ended since the page loaded) becomes
 * a message on this page instead of a failed download or a page of JSON.
 */
async function downloadDocument({ id, fileType }: LibraryDocument): Promise<void> {
  const res = await apiRequest("GET", documentDownloadUrl(id));
  const url = URL.createObjectURL(await res.blob());
  const link = window.document.createElement("a");
  link.href = url;
  link.download = attachmentName(res.headers.get("Content-Disposition")) ?? `${id}.${fileType}`;
  window.document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; release it once the download has surely started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function DownloadButton({ document }: { document: LibraryDocument }) {
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: () => downloadDocument(document),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
    onError: (error) => {
      toast({
        title: "Download failed",
        description: serverMessage(error) ?? "The download did not start. Please try again.",
        variant: "destructive",
      });
      // Access may have changed since the page loaded: let the page show the current state.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
  return (
    <PendingButton
      className="mt-5 w-full"
      onClick={() => download.mutate()}
      pending={download.isPending}
      icon={<Download aria-hidden="true" />}
    >
      {download.isPending ? "Downloading..." : "Download"}
      <span className="sr-only"> {document.title}</span>
    </PendingButton>
  );
}

/** A sample card: the file shipped with the site is a placeholder, so nobody can download it yet. */
function SampleButton({ document }: { document: LibraryDocument }) {
  const reason = `sample-reason-${document.id}`;
  return (
    <>
      <Button variant="outline" className="mt-5 w-full" disabled aria-describedby={reason}>
        <Lock aria-hidden="true" />
        Sample: not yet available
      </Button>
      <p id={reason} className="mt-2 text-center text-xs text-slate-600">
        This card is a sample: the document can be downloaded once its file is published.
      </p>
    </>
  );
}

export function DocumentCard({ document, canDownload }: { document: LibraryDocument; canDownload: boolean }) {
  return (
    <Card asChild className="flex h-full flex-col p-6">
      <article aria-labelledby={`document-${document.id}`}>
        <div className="flex items-start justify-between gap-3">
          <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <FileText className="size-6" aria-hidden="true" />
          </span>
          <span className="flex flex-wrap justify-end gap-1.5">
            {document.sample && (
              <Badge variant="outline">
                Sample<span className="sr-only"> document: its file is not yet available</span>
              </Badge>
            )}
            {document.isNew && <Badge variant="accent">New</Badge>}
            <Badge variant="warning">{document.level}</Badge>
          </span>
        </div>
        <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-ocean-700">
          {document.category}
        </p>
        <h3 id={`document-${document.id}`} className="mt-1 text-lg font-semibold leading-snug text-slate-900">
          {document.title}
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{document.description}</p>
        <dl className="mt-5 grid grid-cols-3 gap-2 border-t border-slate-100 pt-4 text-xs text-slate-600">
          <Meta label="Type">{document.type}</Meta>
          <Meta icon={HardDrive} label="Size">
            {document.fileSize}
          </Meta>
          <Meta icon={Download} label="Downloads">
            {/* Not toLocaleString: Intl's start-up was a third of the cards' render on a slow phone. */}
            {groupThousands(document.downloadCount)}
          </Meta>
        </dl>
        {/* Visitors without access see the spec's locked button on every card (the Sample badge says the rest); a
            subscriber, who could download, is told why a sample card cannot be downloaded yet. */}
        {canDownload && document.sample ? (
          <SampleButton document={document} />
        ) : canDownload ? (
          <DownloadButton document={document} />
        ) : (
          <Button variant="outline" className="mt-5 w-full" disabled>
            <Lock aria-hidden="true" />
            Subscription Required
          </Button>
        )}
      </article>
    </Card>
  );
}
