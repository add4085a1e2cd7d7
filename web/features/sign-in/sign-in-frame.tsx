import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { BackLink, PageShell } from "@/components/layout/page-shell";
import { AuthHeading } from "@/components/ui/auth-form";
import { Card } from "@/components/ui/card";
import { FormAlert as BaseFormAlert } from "@/components/ui/field";

interface SignInFrameProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** The back link above the card; the portal by default. */
  back?: { href: string; label: string };
}

const PORTAL = { href: "/portal", label: "Back to the Document Portal" };

/** The card both sign-in screens share: back to the portal, an icon, the page's <h1> and a short explanation. */
export function SignInFrame({ icon: Icon, title, description, children, back = PORTAL }: SignInFrameProps) {
  return (
    <PageShell mainClassName="flex justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <BackLink href={back.href}>{back.label}</BackLink>
        <Card className="mt-4 p-6 sm:p-8">
          <AuthHeading icon={<Icon className="size-6" aria-hidden="true" />} title={title} />
          <div className="mt-2 text-sm leading-relaxed text-slate-600">{description}</div>
          {children}
        </Card>
      </div>
    </PageShell>
  );
}

/** An inline error, announced when it appears. */
export function FormAlert({ message }: { message: string }) {
  return <BaseFormAlert boxed message={message} />;
}
