import { Download, FileText, HardDrive, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { PortalDocument } from "@/content/portal";

export function DocumentCard({ document }: { document: PortalDocument }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <FileText className="size-6" aria-hidden="true" />
        </span>
        <Badge variant="warning">{document.level}</Badge>
      </div>
      <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-ocean-700">{document.category}</p>
      <h3 className="mt-1 text-lg font-semibold leading-snug text-slate-900">{document.title}</h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{document.description}</p>
      <dl className="mt-5 grid grid-cols-3 gap-2 border-t border-slate-100 pt-4 text-xs text-slate-600">
        <div>
          <dt className="font-medium text-slate-500">Type</dt>
          <dd className="mt-0.5 font-semibold text-slate-800">{document.type}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 font-medium text-slate-500">
            <HardDrive className="size-3.5" aria-hidden="true" />
            Size
          </dt>
          <dd className="mt-0.5 font-semibold text-slate-800">{document.fileSize}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 font-medium text-slate-500">
            <Download className="size-3.5" aria-hidden="true" />
            Downloads
          </dt>
          <dd className="mt-0.5 font-semibold text-slate-800">
            {document.downloadCount.toLocaleString("en-US")}
          </dd>
        </div>
      </dl>
      <Button variant="outline" className="mt-5 w-full" disabled>
        <Lock aria-hidden="true" />
        Subscription Required
      </Button>
    </article>
  );
}
