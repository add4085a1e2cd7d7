import { Download, FileText, HardDrive, Lock, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { PortalDocument } from "@/content/portal";
import { cn } from "@/lib/utils";

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

export function DocumentCard({ document }: { document: PortalDocument }) {
  return (
    <Card asChild className="flex h-full flex-col p-6">
      <article>
        <div className="flex items-start justify-between gap-3">
          <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <FileText className="size-6" aria-hidden="true" />
          </span>
          <Badge variant="warning">{document.level}</Badge>
        </div>
        <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-ocean-700">
          {document.category}
        </p>
        <h3 className="mt-1 text-lg font-semibold leading-snug text-slate-900">{document.title}</h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{document.description}</p>
        <dl className="mt-5 grid grid-cols-3 gap-2 border-t border-slate-100 pt-4 text-xs text-slate-600">
          <Meta label="Type">{document.type}</Meta>
          <Meta icon={HardDrive} label="Size">
            {document.fileSize}
          </Meta>
          <Meta icon={Download} label="Downloads">
            {document.downloadCount.toLocaleString("en-US")}
          </Meta>
        </dl>
        <Button variant="outline" className="mt-5 w-full" disabled>
          <Lock aria-hidden="true" />
          Subscription Required
        </Button>
      </article>
    </Card>
  );
}
