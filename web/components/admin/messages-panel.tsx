// Contact messages from the landing page: open ones first, each marked handled once someone has replied.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminQueries, type MessageFilter, PAGE_SIZE } from "@/lib/admin-api";
import { FilterSelect } from "./filter-select";
import { MessageCard } from "./message-card";
import { PagedSection } from "./paged-section";

const FILTERS = [
  { value: "open", label: "Open" },
  { value: "handled", label: "Handled" },
  { value: "all", label: "All" },
] as const satisfies readonly { value: MessageFilter; label: string }[];

export function MessagesPanel() {
  const [status, setStatus] = useState<MessageFilter>("open");
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    ...adminQueries.messages({ status, limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });

  return (
    <PagedSection
      titleId="messages-title"
      title="Contact messages"
      toolbar={
        <FilterSelect
          id="message-filter"
          label="Show"
          value={status}
          options={FILTERS}
          onChange={(next) => {
            setStatus(next);
            setOffset(0);
          }}
        />
      }
      list={list}
      noun="messages"
      emptyText={status === "open" ? "No open messages. All caught up." : "No messages here."}
      offset={offset}
      onOffsetChange={setOffset}
      renderItem={(message) => <MessageCard message={message} />}
    />
  );
}
