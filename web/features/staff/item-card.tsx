// The card every staff list item sits in (enrollment, message, review, e-mail, spam): an article named by its heading, with the
// item's actions beside the heading so they stay in reach on a wide screen and wrap below it on a narrow one.
import { type ReactNode, useId } from "react";
import { Card } from "@/components/ui/card";

interface ItemCardProps {
  /** The heading's id, which names the article; a generated one when left out. */
  titleId?: string;
  title: ReactNode;
  /** Lines under the heading: badges, e-mail, dates. */
  meta: ReactNode;
  actions: ReactNode;
  /** The body below the heading row. */
  children: ReactNode;
}

export function ItemCard({ titleId: givenId, title, meta, actions, children }: ItemCardProps) {
  const generatedId = useId();
  const titleId = givenId ?? generatedId;
  return (
    <Card asChild className="p-5">
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="break-words text-lg font-semibold text-slate-900">
              {title}
            </h3>
            {meta}
          </div>
          {actions}
        </div>
        {children}
      </article>
    </Card>
  );
}
