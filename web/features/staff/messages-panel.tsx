// Contact messages from the landing page: open ones first, each marked handled once someone has replied.
import { adminQueries, type MessageFilter, PAGE_SIZE } from "@/features/staff/api";
import { MessageCard } from "./message-card";
import { PagedSection } from "./paged-section";
import { useFilteredPages, useListQuery } from "./use-pages";

const FILTERS = [
  { value: "open", label: "Open" },
  { value: "handled", label: "Handled" },
  { value: "all", label: "All" },
] as const satisfies readonly { value: MessageFilter; label: string }[];

export function MessagesPanel() {
  const pages = useFilteredPages<MessageFilter>("open");
  const { filter: status, offset } = pages;
  const list = useListQuery(adminQueries.messages({ status, limit: PAGE_SIZE, offset }));

  return (
    <PagedSection
      title="Contact messages"
      noun="messages"
      filterId="message-filter"
      filters={FILTERS}
      pages={pages}
      list={list}
      emptyText={status === "open" ? "No open messages. All caught up." : "No messages here."}
      renderItem={(message) => <MessageCard message={message} />}
    />
  );
}
