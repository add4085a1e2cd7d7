// Contact messages from the landing page: open ones first, each marked handled once someone has replied.
import { adminQueries, type MessageFilter } from "@/features/staff/api";
import { MessageCard } from "./message-card";
import { PagedSection } from "./paged-section";

const FILTERS = [
  { value: "open", label: "Open" },
  { value: "handled", label: "Handled" },
  { value: "all", label: "All" },
] as const satisfies readonly { value: MessageFilter; label: string }[];

export function MessagesPanel() {
  return (
    <PagedSection
      title="Contact messages"
      noun="messages"
      filters={FILTERS}
      query={(status, page) => adminQueries.messages({ status, ...page })}
      emptyText={(status) => (status === "open" ? "No open messages. All caught up." : "No messages here.")}
      renderItem={(message) => <MessageCard message={message} />}
    />
  );
}
