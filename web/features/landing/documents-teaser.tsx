import { groupThousands, SUBSCRIPTION } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import ArrowRight from "lucide-react/icons/arrow-right";
import Download from "lucide-react/icons/download";
import FileText from "lucide-react/icons/file-text";
import HardDrive from "lucide-react/icons/hard-drive";
import Lock from "lucide-react/icons/lock";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { PREMIUM_DOCUMENTS, type PremiumDocument } from "@/features/landing/content";
import { cn } from "@/lib/utils";
import { LandingSection } from "./landing-section";

function DocumentCard({ doc }: { doc: PremiumDocument }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <FileText aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-wrap justify-end gap-1.5">
          <Badge variant="secondary">
            <span className="sr-only">Type: </span>
            {doc.type}
          </Badge>
          <Badge variant="warning">
            <span className="sr-only">Level: </span>
            {doc.level}
          </Badge>
        </div>
      </div>
      <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-ocean-700">{doc.category}</p>
      <h3 className="mt-1 text-lg font-semibold text-brand-950">{doc.title}</h3>
      <p className="mt-2 text-sm text-pretty text-slate-600">{doc.description}</p>
      {/* Only <dt>/<dd> may stand in a <dl> group, so each icon sits in its <dt> beside the hidden label. */}
      <dl className="mt-4 flex gap-5 text-xs text-slate-600">
        <div className="flex items-center gap-1.5">
          <dt>
            <HardDrive aria-hidden="true" className="size-3.5" />
            <span className="sr-only">File size</span>
          </dt>
          <dd>{doc.fileSize}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Download aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Downloads</span>
          </dt>
          <dd>{groupThousands(doc.downloadCount)} downloads</dd>
        </div>
      </dl>
      <div className="mt-auto pt-6">
        <Button variant="outline" disabled className="w-full">
          <Lock aria-hidden="true" />
          Requires Subscription
        </Button>
      </div>
    </li>
  );
}

export function DocumentsTeaser() {
  return (
    <LandingSection section="documents" className="bg-slate-50">
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {PREMIUM_DOCUMENTS.map((doc) => (
          <DocumentCard key={doc.id} doc={doc} />
        ))}
      </ul>

      <div className="mt-12 flex flex-col items-center justify-between gap-6 rounded-2xl bg-linear-to-r from-brand-900 to-brand-700 p-8 text-white shadow-lg md:flex-row">
        <div>
          <p className="text-xl font-bold">Unlock the full library</p>
          <p className="mt-1 text-brand-100">
            {SUBSCRIPTION.name}: {formatFjd(SUBSCRIPTION.priceCents, "public")} per {SUBSCRIPTION.interval},
            billed monthly, cancel anytime.
          </p>
        </div>
        <Link
          href="/portal"
          className={cn(
            buttonVariants({ variant: "inverse", size: "lg" }),
            "shrink-0 focus-visible:outline-white!",
          )}
        >
          Explore the Document Portal
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </LandingSection>
  );
}
