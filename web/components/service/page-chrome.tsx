import { ArrowLeft, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { COMPANY } from "@/content/company";
import { cn } from "@/lib/utils";
import { BrandMark } from "./brand-mark";

/** Slim header of the service pages: the company mark and the 'Back to Home' link. */
export function ServiceTopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="flex items-center gap-2.5 rounded-md font-bold text-brand-900">
          <BrandMark className="size-9" />
          <span className="text-base leading-tight sm:text-lg">{COMPANY.name}</span>
        </Link>
        <Link href="/" className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </div>
    </header>
  );
}

export function ServiceFooter() {
  const { address } = COMPANY;
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <p className="flex items-center gap-2 font-medium text-slate-800">
          <ShieldCheck className="size-4 text-ocean-700" aria-hidden="true" />
          {COMPANY.tagline}
        </p>
        <address className="not-italic">
          {COMPANY.legalName}, {address.street}, {address.city}, {address.country}
        </address>
      </div>
    </footer>
  );
}
