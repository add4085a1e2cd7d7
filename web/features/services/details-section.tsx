import type { ReactNode } from "react";
import type {
  DetailCardsContent,
  DetailCardsPageContent,
  DetailItem,
} from "@/features/services/content/types";
import { HydrateLater } from "@/lib/hydrate-later";
import type { KeysWithValue } from "@/lib/utils";
import { DetailCard } from "./detail-card";
import { ServiceSection } from "./section";
import { ServicePage } from "./service-page";

// TypeScript cannot narrow `item[key]` through a key-filtering mapped type; the declared key's type guarantees V.
function read<TItem, V>(item: TItem, key: KeysWithValue<TItem, V>): V {
  return item[key] as V;
}

/** The page's services as detail cards, two a row from the medium breakpoint up, each with the declared lists/facts. */
export function DetailsSection<TItem extends DetailItem>({
  content,
}: {
  content: DetailCardsContent<TItem>;
}) {
  const { heading, description, items, lists = [], facts = [] } = content;
  return (
    <ServiceSection id="services" heading={heading} description={description} tone="muted">
      {/* Each card hydrates in a task of its own (web/lib/hydrate-later.tsx). */}
      <div className="grid gap-6 md:grid-cols-2">
        {items.map((item) => (
          <HydrateLater key={item.title} name={`detail-${item.title}`}>
            <DetailCard
              icon={item.icon}
              title={item.title}
              description={item.description}
              lists={lists.map(({ label, key }) => ({
                label,
                items: read<TItem, readonly string[]>(item, key),
              }))}
              facts={facts.map(({ key, ...fact }) => ({ ...fact, value: read<TItem, string>(item, key) }))}
            />
          </HydrateLater>
        ))}
      </div>
    </ServiceSection>
  );
}

interface ServiceDetailsPageProps<TItem extends DetailItem> {
  content: DetailCardsPageContent<TItem>;
  /** Further sections after the detail cards, e.g. the consultancy deliverables and process. */
  children?: ReactNode;
}

/** A whole service page whose own section is its detail cards: every service page but training. */
export function ServiceDetailsPage<TItem extends DetailItem>({
  content,
  children,
}: ServiceDetailsPageProps<TItem>) {
  return (
    <ServicePage content={content}>
      <DetailsSection content={content.details} />
      {children}
    </ServicePage>
  );
}
