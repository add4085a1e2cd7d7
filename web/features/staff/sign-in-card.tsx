// The card every step of staff sign-in sits on: an icon, the step's heading and what the step asks for.
import type { ReactNode } from "react";
import { PageShell } from "@/components/layout/page-shell";
import { AuthHeading } from "@/components/ui/auth-form";
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
        <AuthHeading icon={icon} title={title} />
        {children}
      </Card>
    </PageShell>
  );
}
