// The card every step of staff sign-in sits on: an icon, the step's heading and what the step asks for.
import type { ReactNode } from "react";
import { PageShell } from "@/components/layout/page-shell";
import { Card } from "@/components/ui/card";

export function SignInCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <PageShell mainClassName="flex items-center justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          {icon}
        </span>
        <h1 className="mt-4 text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </Card>
    </PageShell>
  );
}
