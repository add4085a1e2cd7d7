// The card a server-filled answer stands in (components/layout/answer-page.tsx): a titled section, its heading
// naming it for assistive technology. The digest's unsubscribe answer and the texts' opt-out answer use it.
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export function AnswerCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card asChild className="p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
